import { GOOGLE_IDENTITY_SCRIPT_URL, GOOGLE_SCOPES } from '../constants'
import type { ScriptLoader } from '../scriptLoader'
import { GoogleSignInError } from './types'
import type { GoogleFlow, GoogleSignIn, GoogleSignInFailure, GoogleSignInResult } from './types'

/** The part of Google Identity Services (`google.accounts`) we call. */
export interface GoogleAccounts {
  oauth2: {
    initCodeClient(config: {
      client_id: string
      scope: string
      ux_mode: 'popup'
      callback: (response: { code?: string; error?: string; error_description?: string }) => void
      error_callback?: (error: { type?: string; message?: string }) => void
    }): { requestCode(): void }
    initTokenClient(config: {
      client_id: string
      scope: string
      callback: (response: { access_token?: string; error?: string; error_description?: string }) => void
      error_callback?: (error: { type?: string; message?: string }) => void
    }): { requestAccessToken(): void }
  }
  id: {
    initialize(config: {
      client_id: string
      callback: (response: { credential?: string }) => void
      use_fedcm_for_prompt: boolean
      auto_select: boolean
      cancel_on_tap_outside: boolean
    }): void
    prompt(listener?: (notification: PromptMomentNotification) => void): void
    cancel(): void
  }
}

/** The moment notifications One Tap still reports under FedCM (all optional to be safe). */
export interface PromptMomentNotification {
  isNotDisplayed?(): boolean
  isSkippedMoment?(): boolean
  isDismissedMoment?(): boolean
  getDismissedReason?(): string
}

export interface GoogleIdentityOptions {
  /** The brand's OAuth client id; '' or missing: Google sign-in is not available. */
  clientId: string | null | undefined
  loadScript: ScriptLoader
  scriptUrl?: string
  /** Reads `google.accounts` after the script ran; defaults to the global. */
  getAccounts?: () => GoogleAccounts | undefined
  scope?: string
}

function popupFailure(type: string | undefined): GoogleSignInFailure {
  if (type === 'popup_failed_to_open') return 'popup_failed_to_open'
  if (type === 'popup_closed') return 'popup_closed'
  return 'unknown'
}

/**
 * The real `GoogleSignIn`: loads Google Identity Services through the injected script loader on
 * first use, with the brand's client id; popups for the code and token flows, One Tap with FedCM.
 */
export function createGoogleIdentitySignIn(options: GoogleIdentityOptions): GoogleSignIn {
  const clientId = options.clientId ?? ''
  const scope = options.scope ?? GOOGLE_SCOPES
  const getAccounts =
    options.getAccounts ??
    (() => (globalThis as { google?: { accounts?: GoogleAccounts } }).google?.accounts)
  let oneTapReady = false
  /** The settle function of the One Tap prompt showing now (one at a time). */
  let pendingOneTap: ((value: GoogleSignInResult | null) => void) | null = null

  async function accounts(): Promise<GoogleAccounts> {
    if (clientId === '') throw new GoogleSignInError('not_configured')
    try {
      await options.loadScript(options.scriptUrl ?? GOOGLE_IDENTITY_SCRIPT_URL)
    } catch (error) {
      throw new GoogleSignInError('script_failed', error instanceof Error ? error.message : undefined)
    }
    const loaded = getAccounts()
    if (!loaded) throw new GoogleSignInError('script_failed', 'google.accounts missing')
    return loaded
  }

  return {
    isAvailable: () => clientId !== '',

    async signIn(flow: GoogleFlow) {
      const google = await accounts()
      return new Promise<GoogleSignInResult>((resolve, reject) => {
        const onError = (error: { type?: string; message?: string }): void =>
          reject(new GoogleSignInError(popupFailure(error.type), error.message))
        const refused = (error: string | undefined, description: string | undefined): void =>
          reject(new GoogleSignInError(error === 'access_denied' ? 'access_denied' : 'unknown', description ?? error))
        if (flow === 'code') {
          google.oauth2
            .initCodeClient({
              client_id: clientId,
              scope,
              ux_mode: 'popup',
              callback: (response) => {
                if (response.code) resolve({ kind: 'code', code: response.code })
                else refused(response.error, response.error_description)
              },
              error_callback: onError,
            })
            .requestCode()
        } else {
          google.oauth2
            .initTokenClient({
              client_id: clientId,
              scope,
              callback: (response) => {
                if (response.access_token) resolve({ kind: 'token', accessToken: response.access_token })
                else refused(response.error, response.error_description)
              },
              error_callback: onError,
            })
            .requestAccessToken()
        }
      })
    },

    async prompt() {
      let google: GoogleAccounts
      try {
        google = await accounts()
      } catch {
        return null
      }
      return new Promise<GoogleSignInResult | null>((resolve) => {
        let settled = false
        const settle = (value: GoogleSignInResult | null): void => {
          if (settled) return
          settled = true
          resolve(value)
        }
        // initialize once per page: GIS keeps one configuration; the callback resolves the prompt.
        pendingOneTap = settle
        if (!oneTapReady) {
          oneTapReady = true
          google.id.initialize({
            client_id: clientId,
            callback: (response) => {
              const credential = response.credential
              pendingOneTap?.(credential ? { kind: 'credential', credential } : null)
            },
            use_fedcm_for_prompt: true,
            auto_select: false,
            cancel_on_tap_outside: true,
          })
        }
        google.id.prompt((notification) => {
          if (notification.isNotDisplayed?.() === true || notification.isSkippedMoment?.() === true) {
            settle(null)
          } else if (
            notification.isDismissedMoment?.() === true &&
            notification.getDismissedReason?.() !== 'credential_returned'
          ) {
            settle(null)
          }
        })
      })
    },

    cancelPrompt() {
      const google = getAccounts()
      google?.id.cancel()
      pendingOneTap?.(null)
    },
  }
}
