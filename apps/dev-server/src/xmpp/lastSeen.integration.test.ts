/**
 * Last seen through the real Prosody (mod_vchat_filter answers XEP-0012 last activity): online while
 * connected, how long ago once the connection ended (a clean sign-out or a dropped phone), hidden both
 * ways while either account's lastSeen setting is off, kept across a restart of the server, and
 * unknown for an account that never connected.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChatSession, getLastActivity } from '@vchat/xmpp-chat'
import type { ChatSession, LastActivity } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { envelope } from '../test-support/envelope.ts'
import { postJson, vcTokenOf } from '../test-support/api.ts'
import { startFaultProxy, type FaultProxy } from '../test-support/faultProxy.ts'
import { XMPP_ROUTES } from './index.ts'

const WAIT = { timeout: 10_000 }

interface Party {
  uid: string
  password: string
  jid: string
  session: ChatSession
}

describe('last seen, answered by Prosody from the account settings', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle
  let proxy: FaultProxy
  const sessions: ChatSession[] = []

  async function connect(party: { uid: string; password: string; jid: string }, via: 'direct' | 'proxy' = 'direct'): Promise<ChatSession> {
    const session = createChatSession({
      service: via === 'proxy' ? `ws://127.0.0.1:${proxy.port}/xmpp-websocket` : prosody.wsUrl,
      domain: 'localhost',
      getCredentials: async () => ({ username: party.jid.split('@')[0] ?? '', password: (await vcTokenOf(api.url, party.uid, party.password)).vcToken }),
    })
    const ready = new Promise<void>((resolve) => session.onReady(() => resolve()))
    await session.login()
    await ready
    sessions.push(session)
    return session
  }

  async function newUser(via: 'direct' | 'proxy' = 'direct'): Promise<Party> {
    const { status, data } = await postJson(api.url, '/dev/users', {})
    expect(status).toBe(200)
    const uid = String(data.uid)
    const password = String(data.password)
    const { jid } = await vcTokenOf(api.url, uid, password)
    return { uid, password, jid, session: await connect({ uid, password, jid }, via) }
  }

  /** Changes the lastSeen setting through the product API, as the settings screen does. */
  async function setLastSeen(party: Party, lastSeen: boolean): Promise<void> {
    const { jid, vcToken } = await vcTokenOf(api.url, party.uid, party.password)
    const body = { ...envelope({ settings: { lastSeen } }), userInfo: { id: party.uid, jid, vcToken, role: 2 } }
    expect((await postJson(api.url, '/api/common_service/update_manual_personal_info_v2', body)).status).toBe(200)
  }

  const ask = (asker: Party, asked: { jid: string }): Promise<LastActivity> => getLastActivity(asker.session, asked.jid)

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-last-seen-'))
    api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {}, extraRoutes: XMPP_ROUTES })
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody'), hibernationSeconds: 60 })
    proxy = await startFaultProxy(() => prosody.httpPort)
  })

  afterAll(async () => {
    for (const session of sessions) await session.logout().catch(() => undefined)
    await proxy?.close()
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('online while connected; after signing out, how long ago (seconds, not the sign-in time)', async () => {
    const asker = await newUser()
    const asked = await newUser()
    expect(await ask(asker, asked)).toEqual({ state: 'online' })
    await asked.session.logout()
    const answer = await ask(asker, asked)
    expect(answer.state).toBe('seen')
    if (answer.state === 'seen') expect(answer.secondsAgo).toBeGreaterThanOrEqual(1)
    if (answer.state === 'seen') expect(answer.secondsAgo).toBeLessThan(30)
  })

  it('a phone whose connection drops without a goodbye is not shown online while its session waits to resume', async () => {
    const asker = await newUser()
    const phone = await newUser('proxy')
    expect(await ask(asker, phone)).toEqual({ state: 'online' })
    proxy.refuse(true)
    proxy.cut()
    try {
      // Prosody notices the dead socket and keeps the session hibernating (resumable for 60 s).
      await vi.waitFor(async () => expect((await ask(asker, phone)).state).toBe('seen'), WAIT)
    } finally {
      proxy.refuse(false)
    }
    // The phone comes back and resumes: online again.
    await vi.waitFor(async () => expect(await ask(asker, phone)).toEqual({ state: 'online' }), { timeout: 20_000 })
  })

  it('hidden both ways while either side turns last seen off; shown again when turned back on', async () => {
    const asker = await newUser()
    const asked = await newUser()
    await asked.session.logout()
    await setLastSeen(asked, false)
    expect(await ask(asker, asked)).toEqual({ state: 'hidden' })
    await setLastSeen(asked, true)
    expect((await ask(asker, asked)).state).toBe('seen')
    // Hide yours, see none: the asker who hides theirs sees nobody's.
    await setLastSeen(asker, false)
    expect(await ask(asker, asked)).toEqual({ state: 'hidden' })
    await setLastSeen(asker, true)
    expect((await ask(asker, asked)).state).toBe('seen')
  })

  it('an account that never connected is unknown, not "online" and not an error', async () => {
    const asker = await newUser()
    const { data } = await postJson(api.url, '/dev/users', {})
    const { jid } = await vcTokenOf(api.url, String(data.uid), String(data.password))
    expect(await ask(asker, { jid })).toEqual({ state: 'unknown' })
  })

  it('the last seen survives a restart of the messaging server', async () => {
    const first = await newUser()
    const asked = await newUser()
    await asked.session.logout()
    await first.session.logout()
    await prosody.close()
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody'), hibernationSeconds: 60 })
    const asker = await newUser()
    const answer = await ask(asker, asked)
    expect(answer.state).toBe('seen')
    if (answer.state === 'seen') expect(answer.secondsAgo).toBeLessThan(60)
  })
})
