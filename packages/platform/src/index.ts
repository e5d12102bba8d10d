export {
  AUTH_TOKEN_EXPIRY_BUFFER_MS,
  GOOGLE_IDENTITY_SCRIPT_URL,
  GOOGLE_LOGIN_CHANNEL,
  GOOGLE_SCOPES,
  INSTALLATION_REQUEST_TIMEOUT_MS,
  PUSH_TOKEN_REFRESH_MS,
  PUSH_TOKEN_STORAGE_KEY,
} from './constants'
export { ScriptLoadError, createScriptLoader } from './scriptLoader'
export type { ScriptDocument, ScriptElementLike, ScriptLoader } from './scriptLoader'
export { PushTimeoutError, createPush } from './push/pushService'
export type {
  KeyValueStorage,
  PushOptions,
  PushService,
  PushSetupResult,
  PushTimers,
} from './push/pushService'
export { PushUnsupportedError, loadFirebasePushProvider } from './push/firebaseProvider'
export type { FirebaseModules, FirebasePushProviderOptions } from './push/firebaseProvider'
export { parsePushNotice } from './push/notice'
export {
  isIosDevice,
  readNotificationPermission,
  requestNotificationPermission,
} from './push/permission'
export type {
  NavigatorLike,
  NotificationEnvironment,
  NotificationPermissionState,
} from './push/permission'
export type { DebugLogger, PushMessagePayload, PushNotice, PushProvider } from './push/types'
export { GoogleSignInError } from './google/types'
export type {
  GoogleFlow,
  GoogleLoginRequest,
  GoogleSignIn,
  GoogleSignInFailure,
  GoogleSignInResult,
} from './google/types'
export { subjectOfIdToken, toGoogleLoginRequest } from './google/loginRequest'
export { createGoogleIdentitySignIn } from './google/identityServices'
export type {
  GoogleAccounts,
  GoogleIdentityOptions,
  PromptMomentNotification,
} from './google/identityServices'
