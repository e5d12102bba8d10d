/**
 * The product API as another device of a test user sees it: its own sign-in straight to the API, with
 * the SPEC §7 envelope the app sends. Tests use it to read what the server recorded (or to act from a
 * second device) without going through the open app.
 */
import type { TestUser } from './fixtures.ts'

/** The product envelope of SPEC §7 around `data`, as the app sends it. */
function envelope(data: unknown) {
  return {
    deviceInfo: {
      localLanguage: 'en', configLanguage: 'en', fingerprint: 'e2e', androidId: 'e2e-device', screenHeight: 800, screenWidth: 400,
      timezoneId: 'UTC', timezoneOffset: 0, platform: 'android', gaClientId: '', deviceModel: 'e2e', webUuid: 'e2e-web-uuid', adid: '',
    },
    clientInfo: { channel: 'B1', pkgName: 'web', versionCode: '1', versionName: '1.0.0', host: 'localhost' },
    userInfo: { id: '', jid: '', vcToken: '', role: 2 },
    data,
  }
}

/** One product call; rejects with the path and the server's message unless it answers `result: 1`. */
export async function productCall<T>(apiUrl: string, path: string, data: unknown, token?: string): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(envelope(data)),
  })
  const answer = (await response.json()) as { result: number; data: T; msg: string }
  if (!response.ok || answer.result !== 1) throw new Error(`${path}: ${answer.msg}`)
  return answer.data
}

/** Signs `user` in on "another device" and answers its token. */
export async function signInByApi(apiUrl: string, user: TestUser): Promise<string> {
  const login = await productCall<{ userInfo: { vcToken: string } }>(apiUrl, '/api/login_service/user_pwd_login', { uid: user.uid, passwd: user.password })
  return login.userInfo.vcToken
}
