import type { GoogleSignIn } from '@vchat/platform'
import type { ExternalLoginRequest, GoogleAuthService } from './types'

/**
 * Google sign-in for the login screen. The adapter (@vchat/platform `createGoogleIdentitySignIn`:
 * Google Identity Services, scopes 'email profile openid', One Tap with FedCM) is loaded on first use,
 * so neither it nor Google's script is on the landing page. Without a client id `available` is false
 * and nothing loads. The result becomes /api/login_service/login's data (`toGoogleLoginRequest`).
 */
export interface GoogleAuthOptions {
  clientId: string | null
  /** The adapter and its login-request mapping (tests pass a fake at this boundary). */
  load?: (clientId: string) => Promise<{ signIn: GoogleSignIn; toLoginRequest: (result: Parameters<typeof import('@vchat/platform').toGoogleLoginRequest>[0]) => ExternalLoginRequest }>
}

/** Rejection of `signIn`: `reason` is the adapter's GoogleSignInError reason ('popup_closed', …). */
export class GoogleAuthError extends Error {
  readonly reason: string
  constructor(reason: string, message?: string) {
    super(message ?? `Google sign-in failed: ${reason}`)
    this.name = 'GoogleAuthError'
    this.reason = reason
  }
}

const defaultLoad: NonNullable<GoogleAuthOptions['load']> = async (clientId) => {
  const platform = await import('@vchat/platform')
  return {
    signIn: platform.createGoogleIdentitySignIn({ clientId, loadScript: platform.createScriptLoader() }),
    toLoginRequest: (result) => platform.toGoogleLoginRequest(result),
  }
}

export function createGoogleAuth({ clientId, load = defaultLoad }: GoogleAuthOptions): GoogleAuthService {
  let adapter: ReturnType<typeof load> | null = null
  const get = () => {
    if (clientId === null) return Promise.reject(new GoogleAuthError('not_configured'))
    adapter ??= load(clientId).catch((error: unknown) => {
      adapter = null
      throw new GoogleAuthError('script_failed', error instanceof Error ? error.message : String(error))
    })
    return adapter
  }
  let loaded: Awaited<ReturnType<typeof load>> | null = null
  return {
    available: clientId !== null,
    async signIn() {
      const google = await get()
      loaded = google
      try {
        return google.toLoginRequest(await google.signIn.signIn('code'))
      } catch (error) {
        const reason = error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string' ? error.reason : 'unknown'
        throw new GoogleAuthError(reason, error instanceof Error ? error.message : undefined)
      }
    },
    async prompt() {
      try {
        const google = await get()
        loaded = google
        const result = await google.signIn.prompt()
        return result ? google.toLoginRequest(result) : null
      } catch {
        return null
      }
    },
    cancelPrompt() {
      loaded?.signIn.cancelPrompt()
    },
  }
}

/** clientInfo-independent login channel of Google sign-ins (also used by the development stand-in). */
export const GOOGLE_LOGIN_CHANNEL = 'google'
