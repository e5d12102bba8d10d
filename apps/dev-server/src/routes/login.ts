import type { LoginRequest, LoginResponse, UserPwdLoginRequest } from '@vchat/api-client'
import { z } from 'zod'
import { verifyPassword } from '../auth/passwords.ts'
import { createSession, deleteSession } from '../auth/sessions.ts'
import { findUser, type UserRow } from '../db/users.ts'
import { ok, productRoute, refuse, type AppContext, type Route } from '../http/routes.ts'
import { componentInfo } from './common.ts'

const userPwdLoginSchema = z.object({
  uid: z.string().min(1, 'required'),
  passwd: z.string().min(1, 'required'),
}) satisfies z.ZodType<UserPwdLoginRequest>

const loginSchema = z.object({
  openId: z.string(),
  token: z.string(),
  channel: z.string(),
  credential: z.string(),
}) satisfies z.ZodType<LoginRequest>

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

export const loginRoutes: Route[] = [
  productRoute('/api/login_service/user_pwd_login', {
    data: userPwdLoginSchema,
    auth: false,
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
  productRoute('/api/login_service/login', {
    data: loginSchema,
    auth: false,
    handle({ app, data }) {
      const match = DEV_SIGN_IN.exec(data.token) ?? DEV_SIGN_IN.exec(data.credential)
      if (!match?.[1]) return refuse('invalid sign-in token (development sign-in expects "dev:<uid>")')
      const user = findUser(app.db, match[1])
      if (!user) return refuse('unknown user')
      app.log(`development sign-in uid ${user.uid} (channel ${data.channel || 'none'})`)
      return ok(signIn(app, user))
    },
  }),
  productRoute('/api/login_service/logout', {
    data: z.unknown(),
    auth: true,
    handle({ app, token, user }) {
      deleteSession(app.db, token)
      app.log(`logout uid ${user?.uid ?? '?'}`)
      return ok(null)
    },
  }),
]
