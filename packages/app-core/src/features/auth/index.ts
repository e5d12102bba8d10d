// The auth feature's public entry: other features import from here ('../auth'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { isPaymentRoute, loginWithPassword, selectDisplayName, selectIsLoggedIn, selectUser } from './authSlice'
export { LogoutButton } from './LogoutButton'
export { logInToMessaging } from './messagingLogin'
