// The install feature's public entry: other features import from here ('../install'), never from its
// modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { openDesktopPopup } from './installEnvironment'
export { captureInstallPrompt } from './installPrompt'
export { InstallCard, InstallSettings, NotificationPermissionCard, useInstallMethod } from './InstallPrompts'
