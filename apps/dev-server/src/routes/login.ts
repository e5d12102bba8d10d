import type { LoginResponse, WebsiteConfig } from '@vchat/contract'
import { verifyPassword } from '../auth/passwords.ts'
import { createSession, deleteSession } from '../auth/sessions.ts'
import { findUser, type UserRow } from '../db/users.ts'
import type { AppContext } from '../app/context.ts'
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
    async handle({ app, data }) {
      const user = findUser(app.db, data.uid)
      if (!user || !(await verifyPassword(data.passwd, user.password_hash))) {
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
