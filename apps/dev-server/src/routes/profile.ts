import type { AccountSettings, PersonalInfo } from '@vchat/contract'
import { accountSettings } from '@vchat/contract/schemas'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, signedIn, type Route } from '../http/routes.ts'
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
  settings: string
}

/**
 * The settings the account changed. The defaults are the client's (`DEFAULT_ACCOUNT_SETTINGS`): the
 * server keeps only choices, so it never restates them. Unreadable storage counts as no choices.
 */
function settingsOf(stored: string): Partial<AccountSettings> {
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return {}
  }
  const checked = accountSettings.safeParse(parsed)
  return checked.success ? checked.data : {}
}

type SettingsListener = (app: AppContext) => Promise<void> | void
const settingsListeners = new Set<SettingsListener>()

/**
 * Called when an account changed a setting that the messaging server applies (lastSeen: who may
 * read the account's last activity); the change answers once every listener is done, so the next
 * question to the messaging server already gets the new answer.
 */
export function onMessagingSettingsChanged(listener: SettingsListener): () => void {
  settingsListeners.add(listener)
  return () => settingsListeners.delete(listener)
}

function personalInfo(app: AppContext, user: UserRow): PersonalInfo {
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
    settings: settingsOf(p.settings),
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
  productRoute('getPersonalInfo', {
    handle: (request) => ok(personalInfo(request.app, signedIn(request))),
  }),
  productRoute('updatePersonalInfo', {
    async handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      app.db.prepare('INSERT OR IGNORE INTO profiles (uid) VALUES (?)').run(user.uid)
      if (data.nickName !== undefined) app.db.prepare('UPDATE users SET nick_name = ? WHERE uid = ?').run(data.nickName, user.uid)
      for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
        const value = data[field]
        if (value !== undefined) app.db.prepare(`UPDATE profiles SET ${column} = ? WHERE uid = ?`).run(value, user.uid)
      }
      if (data.settings) {
        // Only the named settings change: two devices changing different settings both keep theirs.
        const row = app.db.prepare('SELECT settings FROM profiles WHERE uid = ?').get(user.uid) as { settings: string }
        const before = settingsOf(row.settings)
        app.db.prepare('UPDATE profiles SET settings = ? WHERE uid = ?').run(JSON.stringify({ ...before, ...data.settings }), user.uid)
        // Compared with the stored choice only: the stack runs this file under plain Node, where
        // api-client's values (its defaults) are not importable; a needless publish costs one push.
        if (data.settings.lastSeen !== undefined && data.settings.lastSeen !== before.lastSeen) {
          await Promise.all([...settingsListeners].map((listener) => listener(app)))
        }
      }
      const updated = app.db.prepare('SELECT * FROM users WHERE uid = ?').get(user.uid) as unknown as UserRow
      return ok(personalInfo(app, updated))
    },
  }),
]
