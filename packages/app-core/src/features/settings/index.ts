// The settings feature's public entry: other features import from here ('../settings'), never from its
// modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { applyAppearance } from './appearance'
export {
  DEFAULT_SETTINGS,
  loadSettings,
  selectMessageRetentionDays,
  selectSendReadReceipts,
  selectSettings,
  syncAccountSettings,
} from './settingsSlice'
