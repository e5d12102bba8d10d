import { GOOGLE_LOGIN_CHANNEL } from '../constants'
import type { GoogleLoginRequest, GoogleSignInResult } from './types'

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/**
 * The Google account id (`sub`) of an ID token, read without verifying it (the server verifies the
 * credential); '' when it cannot be read.
 */
export function subjectOfIdToken(credential: string): string {
  const payload = credential.split('.')[1]
  if (payload === undefined) return ''
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as { sub?: unknown }
    return typeof claims.sub === 'string' ? claims.sub : ''
  } catch {
    return ''
  }
}

/**
 * The login request for a Google result: One Tap sends the ID token as `credential` and its `sub`
 * as `openId`; the token flow sends the access token as `token`; the code flow sends the code as
 * `credential` (the server exchanges it). Fields a flow does not have are ''.
 */
export function toGoogleLoginRequest(
  result: GoogleSignInResult,
  channel: string = GOOGLE_LOGIN_CHANNEL,
): GoogleLoginRequest {
  switch (result.kind) {
    case 'credential':
      return { openId: subjectOfIdToken(result.credential), token: '', channel, credential: result.credential }
    case 'token':
      return { openId: '', token: result.accessToken, channel, credential: '' }
    case 'code':
      return { openId: '', token: '', channel, credential: result.code }
  }
}
