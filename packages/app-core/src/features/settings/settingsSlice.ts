import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/store'
import { MESSAGE_RETENTION_STORAGE_KEY, SETTINGS_STORAGE_KEY, SHOW_TRANSLATE_DEFAULT } from '../../constants'
import type { StorageService } from '../../services/types'

/** SPEC §3 settings. show_translate keeps its spec name and values ('on' | 'off'). */
export interface Settings {
  lastSeen: boolean
  readReceipt: boolean
  joiningGroups: boolean
  privateMessages: boolean
  darkMode: boolean
  borderedTheme: boolean
  allowNotifications: boolean
  keepNotifications: boolean
  show_translate: 'on' | 'off'
}

export type SettingKey = keyof Settings

/** Every brand theme is dark, so dark mode starts on; translation starts on (SPEC §3). */
export const DEFAULT_SETTINGS: Settings = {
  lastSeen: true,
  readReceipt: true,
  joiningGroups: true,
  privateMessages: true,
  darkMode: true,
  borderedTheme: false,
  allowNotifications: true,
  keepNotifications: false,
  show_translate: SHOW_TRANSLATE_DEFAULT,
}

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[]

/** How long chat messages are kept on this device: 0 = until deleted by hand, else days. */
export const MESSAGE_RETENTION_CHOICES = [0, 1, 7, 30] as const
export type MessageRetentionDays = (typeof MESSAGE_RETENTION_CHOICES)[number]

export interface SettingsState {
  values: Settings
  /** /deletemessagesettings: the chat deletes older messages on this device (selectMessageRetentionDays). */
  messageRetentionDays: MessageRetentionDays
  /** True once the stored values were read. */
  loaded: boolean
}

export const initialSettingsState: SettingsState = { values: DEFAULT_SETTINGS, messageRetentionDays: 0, loaded: false }

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
export function readStoredSettings(storage: StorageService): Settings {
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

export const { settingsLoaded, settingChanged, messageRetentionChanged } = settingsSlice.actions

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

/** Changes and stores how long messages are kept on this device. */
export const changeMessageRetention = createAppAsyncThunk('settings/retention', async (days: MessageRetentionDays, { extra, dispatch }) => {
  dispatch(messageRetentionChanged(days))
  extra.storage.local<number>(MESSAGE_RETENTION_STORAGE_KEY).set(days)
  return days
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
  return values
})

export const selectSettings = (state: RootState): Settings => state.settings.values
export const selectSettingsLoaded = (state: RootState): boolean => state.settings.loaded
/** Read receipts: when off, the chat sends no displayed/read markers. */
export const selectSendReadReceipts = (state: RootState): boolean => state.settings.values.readReceipt
/** SPEC §5: translation is shown only if show_translate is 'on'. */
export const selectShowTranslation = (state: RootState): boolean => state.settings.values.show_translate === 'on'
export const selectShowLastSeen = (state: RootState): boolean => state.settings.values.lastSeen

/** How a notification may be shown: null when not allowed; `requireInteraction` keeps it on screen. */
export interface NotificationPolicy {
  requireInteraction: boolean
}

export function notificationPolicy(settings: Pick<Settings, 'allowNotifications' | 'keepNotifications'>): NotificationPolicy | null {
  return settings.allowNotifications ? { requireInteraction: settings.keepNotifications } : null
}

export const selectNotificationPolicy = (state: RootState): NotificationPolicy | null => notificationPolicy(state.settings.values)
export const selectMessageRetentionDays = (state: RootState): MessageRetentionDays => state.settings.messageRetentionDays
