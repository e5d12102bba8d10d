/** SPEC §7: Google sign-in flows: an authorization code or an access token (both by popup). */
export type GoogleFlow = 'code' | 'token'

export type GoogleSignInResult =
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'token'; readonly accessToken: string }
  /** One Tap (FedCM): a signed ID token (JWT). */
  | { readonly kind: 'credential'; readonly credential: string }

/** Why a sign-in produced nothing. */
export type GoogleSignInFailure =
  | 'not_configured'
  | 'script_failed'
  | 'popup_failed_to_open'
  | 'popup_closed'
  | 'access_denied'
  | 'unknown'

export class GoogleSignInError extends Error {
  readonly reason: GoogleSignInFailure
  constructor(reason: GoogleSignInFailure, detail?: string) {
    super(detail === undefined ? `Google sign-in failed: ${reason}` : `Google sign-in failed: ${reason} (${detail})`)
    this.name = 'GoogleSignInError'
    this.reason = reason
  }
}

/** Google sign-in as the app uses it; the real one is `createGoogleIdentitySignIn`. */
export interface GoogleSignIn {
  /** False when the brand configures no client id: the button is hidden, nothing loads. */
  isAvailable(): boolean
  /** Opens Google's popup for the flow with scopes 'email profile openid'. Rejects with GoogleSignInError. */
  signIn(flow: GoogleFlow): Promise<GoogleSignInResult>
  /** One Tap through FedCM; null when it is not shown, skipped or dismissed. Never rejects. */
  prompt(): Promise<GoogleSignInResult | null>
  /** Closes a One Tap prompt that is showing. */
  cancelPrompt(): void
}

/** SPEC §7 login request (`/api/login_service/login`): the shape of the API contract's LoginRequest. */
export interface GoogleLoginRequest {
  openId: string
  token: string
  channel: string
  credential: string
}
