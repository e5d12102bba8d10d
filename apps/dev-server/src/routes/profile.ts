import type { PersonalInfo } from '@vchat/api-client'
import { emptyRequest, requests, responses } from '../contract/schemas.ts'
import { ok, productRoute, signedIn, type AppContext, type Route } from '../http/routes.ts'
import { absoluteUrl } from '../world/anchors.ts'
import { avatarPath } from '../world/images.ts'
import type { UserRow } from '../db/users.ts'

interface ProfileRow {
  avatar_url: string
  gender: string
  birthday: string
  country: string
  language: string
  about: string
  email: string
}

export function personalInfo(app: AppContext, user: UserRow): PersonalInfo {
  app.db.prepare('INSERT OR IGNORE INTO profiles (uid) VALUES (?)').run(user.uid)
  const p = app.db.prepare('SELECT * FROM profiles WHERE uid = ?').get(user.uid) as unknown as ProfileRow
  const avatar = user.kind === 'anchor' ? avatarPath(user.uid) : p.avatar_url
  return {
    uid: user.uid,
    jid: user.jid,
    nickName: user.nick_name,
    avatarUrl: avatar === '' ? '' : absoluteUrl(app, avatar),
    gender: p.gender === 'female' || p.gender === 'male' ? p.gender : '',
    birthday: p.birthday,
    country: p.country,
    language: p.language,
    about: p.about,
    email: p.email,
  }
}

const COLUMNS = {
  avatarUrl: 'avatar_url',
  gender: 'gender',
  birthday: 'birthday',
  country: 'country',
  language: 'language',
  about: 'about',
  email: 'email',
} as const

export const profileRoutes: Route[] = [
  productRoute('/api/common_service/get_manual_personal_info_v2', {
    data: emptyRequest,
    response: responses.personalInfo,
    auth: true,
    handle: (request) => ok(personalInfo(request.app, signedIn(request))),
  }),
  productRoute('/api/common_service/update_manual_personal_info_v2', {
    data: requests.updatePersonalInfo,
    response: responses.personalInfo,
    auth: true,
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      app.db.prepare('INSERT OR IGNORE INTO profiles (uid) VALUES (?)').run(user.uid)
      if (data.nickName !== undefined) app.db.prepare('UPDATE users SET nick_name = ? WHERE uid = ?').run(data.nickName, user.uid)
      for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
        const value = data[field]
        if (value !== undefined) app.db.prepare(`UPDATE profiles SET ${column} = ? WHERE uid = ?`).run(value, user.uid)
      }
      const updated = app.db.prepare('SELECT * FROM users WHERE uid = ?').get(user.uid) as unknown as UserRow
      return ok(personalInfo(app, updated))
    },
  }),
]
