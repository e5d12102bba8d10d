import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { DEFAULT_ACCOUNT_SETTINGS, MESSAGE_RETENTION_CHOICES } from '@vchat/api-client'
import type { AccountSettings, MessageRetentionDays } from '@vchat/api-client'
import { MESSAGE_RETENTION_STORAGE_KEY, SETTINGS_STORAGE_KEY } from '../../constants'
import type { Services, StorageService } from '../../services/types'
import type { Settings, SettingKey, SettingsState } from './settingsState'
export type { Settings, SettingKey } from './settingsState'

// The retention days are kept beside `values` (SettingsState.messageRetentionDays).
const { messageRetentionDays: _retention, ...ACCOUNT_VALUE_DEFAULTS } = DEFAULT_ACCOUNT_SETTINGS

/** Every brand theme is dark, so dark mode starts on; the account's settings start as the contract says. */
export const DEFAULT_SETTINGS: Settings = {
  ...ACCOUNT_VALUE_DEFAULTS,
  darkMode: true,
  borderedTheme: false,
  allowNotifications: true,
  keepNotifications: false,
}

/**
 * The settings that follow the account to every device (stored by the server, `AccountSettings`);
 * theme and notifications stay with the device. The retention days live beside `values`.
 */
const ACCOUNT_SETTING_KEYS = Object.keys(ACCOUNT_VALUE_DEFAULTS) as (keyof typeof ACCOUNT_VALUE_DEFAULTS)[]
type AccountSettingKey = (typeof ACCOUNT_SETTING_KEYS)[number]

/** The account settings among `values`, for the server. */
function accountPart(values: Partial<Settings>): Partial<AccountSettings> {
  const part: Partial<Record<AccountSettingKey, unknown>> = {}
  for (const key of ACCOUNT_SETTING_KEYS) if (values[key] !== undefined) part[key] = values[key]
  return part as Partial<AccountSettings>
}

const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[]

/** How long chat messages are kept: 0 = until deleted by hand, else days (the contract's choices). */
export { MESSAGE_RETENTION_CHOICES }
export type { MessageRetentionDays }

const initialSettingsState: SettingsState = { values: DEFAULT_SETTINGS, messageRetentionDays: 0, loaded: false }

/** Keeps only known keys with values of the right type; anything else falls back to the default. */
export function sanitizeSettings(raw: unknown): Settings {
  const result: Settings = { ...DEFAULT_SETTINGS }
  if (typeof raw !== 'object' || raw === null) return result
  const record = raw as Record<string, unknown>
  for (const key of SETTING_KEYS) {
    const value = record[key]
    if (key === 'show_translate') {
      if (value === 'on' || value === 'off') result.show_translate = value
    } else if (typeof value === 'boolean') {
      result[key] = value
    }
  }
  return result
}

/** Reads the stored settings (unreadable storage → defaults). */
function readStoredSettings(storage: StorageService): Settings {
  return sanitizeSettings(storage.local<Partial<Settings>>(SETTINGS_STORAGE_KEY).get())
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    settingsLoaded(state, action: PayloadAction<Settings>) {
      state.values = action.payload
      state.loaded = true
    },
    messageRetentionChanged(state, action: PayloadAction<MessageRetentionDays>) {
      state.messageRetentionDays = action.payload
    },
    settingChanged(state, action: PayloadAction<Partial<Settings>>) {
      state.values = { ...state.values, ...action.payload }
    },
  },
})

const { settingsLoaded, settingChanged, messageRetentionChanged } = settingsSlice.actions

function readRetention(storage: StorageService): MessageRetentionDays {
  const stored = storage.local<number>(MESSAGE_RETENTION_STORAGE_KEY).get()
  return (MESSAGE_RETENTION_CHOICES as readonly number[]).includes(stored ?? -1) ? (stored as MessageRetentionDays) : 0
}

/** Loads the stored settings into the store. */
export const loadSettings = createAppAsyncThunk('settings/load', async (_: void, { extra, dispatch }) => {
  const values = readStoredSettings(extra.storage)
  dispatch(settingsLoaded(values))
  dispatch(messageRetentionChanged(readRetention(extra.storage)))
  return values
})

/**
 * Tells the server a change of the account's settings, so every device of the account has it. A
 * refused or failed write keeps the change on this device (logged); the next one sends it again.
 */
async function sendAccountSettings(changes: Partial<AccountSettings>, extra: Pick<Services, 'api' | 'logger'>, signedIn: boolean): Promise<void> {
  if (!signedIn || Object.keys(changes).length === 0) return
  try {
    await extra.api.updatePersonalInfo({ settings: changes })
  } catch (error) {
    extra.logger.warn('settings not saved to the account', { reason: String(error) })
  }
}

/** Changes and stores how long messages are kept, here and for the account. */
export const changeMessageRetention = createAppAsyncThunk('settings/retention', async (days: MessageRetentionDays, { extra, dispatch, getState }) => {
  dispatch(messageRetentionChanged(days))
  extra.storage.local<number>(MESSAGE_RETENTION_STORAGE_KEY).set(days)
  await sendAccountSettings({ messageRetentionDays: days }, extra, getState().auth.user !== null)
  return days
})

/**
 * After a sign-in (and a restored session): the account's settings from the server replace this
 * device's. A setting the account never chose but this device did (set before settings followed the
 * account) is sent up instead, so the first sync loses no choice.
 */
export const syncAccountSettings = createAppAsyncThunk('settings/sync', async (_: void, { extra, dispatch, getState }) => {
  if (!getState().settings.loaded) await dispatch(loadSettings())
  const info = await extra.api.getPersonalInfo()
  const server = info.settings
  const local = getState().settings
  const localAccount: AccountSettings = { ...accountPart(local.values), messageRetentionDays: local.messageRetentionDays } as AccountSettings
  const missing: Partial<Record<keyof AccountSettings, unknown>> = {}
  for (const key of Object.keys(DEFAULT_ACCOUNT_SETTINGS) as (keyof AccountSettings)[]) {
    if (server[key] === undefined && localAccount[key] !== DEFAULT_ACCOUNT_SETTINGS[key]) missing[key] = localAccount[key]
  }
  const account: AccountSettings = { ...DEFAULT_ACCOUNT_SETTINGS, ...localAccount, ...server }
  const { messageRetentionDays, ...values } = account
  dispatch(settingsLoaded({ ...local.values, ...values }))
  dispatch(messageRetentionChanged(messageRetentionDays))
  try {
    extra.storage.local<Settings>(SETTINGS_STORAGE_KEY).set(getState().settings.values)
    extra.storage.local<number>(MESSAGE_RETENTION_STORAGE_KEY).set(messageRetentionDays)
  } catch (error) {
    extra.logger.warn('settings could not be stored', { error: String(error) })
  }
  await sendAccountSettings(missing as Partial<AccountSettings>, extra, true)
  return account
})

/** Changes one or more settings and persists them at once. */
export const changeSettings = createAppAsyncThunk('settings/change', async (changes: Partial<Settings>, { extra, dispatch, getState }) => {
  dispatch(settingChanged(changes))
  const values = getState().settings.values
  try {
    extra.storage.local<Settings>(SETTINGS_STORAGE_KEY).set(values)
  } catch (error) {
    extra.logger.warn('settings could not be stored', { error: String(error) })
  }
  await sendAccountSettings(accountPart(changes), extra, getState().auth.user !== null)
  return values
})

export const selectSettings = (state: RootState): Settings => state.settings.values
export const selectSettingsLoaded = (state: RootState): boolean => state.settings.loaded
/** Read receipts: when off, the chat sends no displayed/read markers. */
export const selectSendReadReceipts = (state: RootState): boolean => state.settings.values.readReceipt
/** SPEC §5: translation is shown only if show_translate is 'on'. */
export const selectShowTranslation = (state: RootState): boolean => state.settings.values.show_translate === 'on'

/** How a notification may be shown: null when not allowed; `requireInteraction` keeps it on screen. */
export interface NotificationPolicy {
  requireInteraction: boolean
}

export function notificationPolicy(settings: Pick<Settings, 'allowNotifications' | 'keepNotifications'>): NotificationPolicy | null {
  return settings.allowNotifications ? { requireInteraction: settings.keepNotifications } : null
}

export const selectNotificationPolicy = (state: RootState): NotificationPolicy | null => notificationPolicy(state.settings.values)
export const selectMessageRetentionDays = (state: RootState): MessageRetentionDays => state.settings.messageRetentionDays
