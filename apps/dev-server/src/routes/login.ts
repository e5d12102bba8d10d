import { LOGIN_THROTTLED, LOGIN_THROTTLED_STATUS, type LoginResponse, type WebsiteConfig } from '@vchat/contract'
import { UNMATCHABLE_PASSWORD_HASH, verifyPassword } from '../auth/passwords.ts'
import { createSession, deleteSession } from '../auth/sessions.ts'
import { findUser, type UserRow } from '../db/users.ts'
import type { AppContext } from '../app/context.ts'
import { HttpError, clientAddress } from '../http/http.ts'
import { ok, productRoute, refuse, type Route } from '../http/routes.ts'
import { componentInfo } from './common.ts'

type SignOutListener = (app: AppContext, signedOut: { jid: string; token: string }) => Promise<void> | void
const signOutListeners = new Set<SignOutListener>()

/**
 * Runs `listener` after every sign-out through the API (the token is already revoked); the request is
 * answered once every listener has finished, so the messaging sessions of that token are gone by then.
 * A failing listener is logged, never a failed sign-out. Returns the removal.
 */
export function onSignedOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener)
  return () => signOutListeners.delete(listener)
}

/** Development sign-in, standing in for Google: `dev:<uid>` as token or credential. */
const DEV_SIGN_IN = /^dev:(\d+)$/

function signIn(app: AppContext, user: UserRow): LoginResponse {
  const session = createSession(app.db, user.uid, app.now())
  return {
    userInfo: {
      id: user.uid,
      jid: user.jid,
      role: user.role,
      vcToken: session.token,
      vcTokenExpiresAt: session.expiresAt,
    },
    completeUserInfoCheck: user.nick_name.trim() === '',
    componentInfo: componentInfo(app.domain),
  }
}

const WRONG_LOGIN = 'wrong uid or password'

/** The contract's LOGIN_THROTTLED answer: 429, Retry-After and the same seconds in the body. */
function throttled(retryAfterSeconds: number): HttpError {
  return new HttpError(LOGIN_THROTTLED_STATUS, `too many failed logins: try again in ${retryAfterSeconds} s`, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
    fields: { code: LOGIN_THROTTLED, retryAfterSeconds },
  })
}

function websiteConfig(app: AppContext): WebsiteConfig {
  return {
    appDownloadInfo: {
      enabled: true,
      appName: 'vchat',
      version: '1.0.0',
      androidUrl: `${app.publicUrl}/files/download/vchat.apk`,
      iosUrl: `${app.publicUrl}/files/download/vchat.ipa`,
      qrCodeUrl: `${app.publicUrl}/files/download/qr.svg`,
      bonusGems: 30,
    },
    migrateDomain: '',
    privacyPolicyUrl: `${app.publicUrl}/files/pages/privacy.html`,
    termsOfServiceUrl: `${app.publicUrl}/files/pages/terms.html`,
    supportEmail: 'support@vchat.localhost',
  }
}

export const loginRoutes: Route[] = [
  productRoute('userPwdLogin', {
    async handle({ app, req, data }) {
      const user = findUser(app.db, data.uid)
      // An unknown uid is checked against a hash no password matches, with the same scrypt: answering
      // it at once (1.7 ms against 35 ms, measured) told which uids exist.
      const attempt = await app.loginThrottle.attempt({ uid: data.uid, address: clientAddress(req) }, () =>
        verifyPassword(data.passwd, user?.password_hash ?? UNMATCHABLE_PASSWORD_HASH),
      )
      if (attempt.outcome === 'throttled') {
        app.log(`login throttled for uid ${data.uid} (${attempt.retryAfterSeconds} s left)`)
        throw throttled(attempt.retryAfterSeconds)
      }
      if (attempt.outcome === 'wrong' || !user) {
        app.log(`login refused for uid ${data.uid}`)
        return refuse(WRONG_LOGIN)
      }
      app.log(`login uid ${user.uid}`)
      return ok(signIn(app, user))
    },
  }),
  productRoute('login', {
    handle({ app, data }) {
      const match = DEV_SIGN_IN.exec(data.token) ?? DEV_SIGN_IN.exec(data.credential)
      if (!match?.[1]) return refuse('invalid sign-in token (development sign-in expects "dev:<uid>")')
      const user = findUser(app.db, match[1])
      if (!user) return refuse('unknown user')
      app.log(`development sign-in uid ${user.uid} (channel ${data.channel || 'none'})`)
      return ok(signIn(app, user))
    },
  }),
  productRoute('logout', {
    async handle({ app, token, user }) {
      deleteSession(app.db, token)
      app.log(`logout uid ${user?.uid ?? '?'}`)
      if (user) {
        const signedOut = { jid: user.jid, token }
        await Promise.all(
          [...signOutListeners].map(async (listener) => {
            try {
              await listener(app, signedOut)
            } catch (error) {
              app.log(`logout uid ${user.uid}: ${error instanceof Error ? error.message : String(error)}`)
            }
          }),
        )
      }
      return ok(null)
    },
  }),
  productRoute('getWebsiteConfig', {
    handle: ({ app }) => ok(websiteConfig(app)),
  }),
]
