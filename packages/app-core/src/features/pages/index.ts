// The pages feature's public entry: other features import from here ('../pages'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { DownloadAppPanel } from './DownloadAppPanel'
export { LegalLinks } from './LegalLinks'
export { CookieChoice } from './CookieChoice'
