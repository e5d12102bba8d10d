import { createLazyGoogleAuth } from './lazyPlatform'
import type { AuthService, GoogleAuthService, MainUser } from './types'

export interface AuthServiceOptions {
  /** Defaults to Google Identity Services with `googleClientId` (its code and script loaded on first use). */
  google?: GoogleAuthService
  /** Offer the development sign-in (local builds only). */
  devSignIn?: boolean
}

/** Who is signed in (bound by the store) and which sign-in methods exist. */
export function createAuthService(googleClientId: string | null, options: AuthServiceOptions = {}): AuthService {
  let source: () => MainUser | null = () => null
  return {
    getUser: () => source(),
    bindUserSource(getUser) {
      source = getUser
    },
    googleClientId,
    google: options.google ?? createLazyGoogleAuth(googleClientId),
    devSignIn: options.devSignIn ?? false,
  }
}
