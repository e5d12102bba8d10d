// The notifications feature's public entry: other features import from here ('../notifications'), never
// from its modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { NotificationPrompt } from './NotificationPrompt'
