/**
 * The settings state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { MessageRetentionDays } from '@vchat/api-client'

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

export interface SettingsState {
  values: Settings
  /** /deletemessagesettings: the chat deletes older messages on this device (selectMessageRetentionDays). */
  messageRetentionDays: MessageRetentionDays
  /** True once the stored values were read. */
  loaded: boolean
}
