import { SEED_PASSWORD } from '../constants.ts'
import { envelope } from './envelope.ts'

/** POSTs JSON to the dev-server; answers the status and the answer's `data` (tests only). */
export async function postJson(apiUrl: string, path: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  const answer = (await response.json()) as { data: Record<string, unknown> }
  return { status: response.status, data: answer.data }
}

/**
 * A password login through the product API: the user's jid and a fresh vcToken (the XMPP password).
 * Fails the test with the server's answer when the login is refused.
 */
export async function vcTokenOf(apiUrl: string, uid: string, password = SEED_PASSWORD): Promise<{ jid: string; vcToken: string }> {
  const { status, data } = await postJson(apiUrl, '/api/login_service/user_pwd_login', envelope({ uid, passwd: password }))
  const userInfo = data?.userInfo as { jid: string; vcToken: string } | undefined
  if (status !== 200 || !userInfo?.vcToken) throw new Error(`login of ${uid} refused: ${status} ${JSON.stringify(data)}`)
  return userInfo
}
