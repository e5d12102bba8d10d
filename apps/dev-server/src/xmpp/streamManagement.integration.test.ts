/**
 * @xmpp/client's XEP-0198 inbound counter against the real Prosody: iq results (pings, vCard,
 * GiftBuy) are stanzas the server counts, so the client must count them too. With a counter that
 * skips them (@xmpp/stream-management 0.14.0 unpatched) the `h` of the resume is short and Prosody
 * re-sends the last stanzas it had already delivered: the same message arrives twice on the wire.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChatSession, createMessenger } from '@vchat/xmpp-chat'
import type { ChatSession, XmlElement } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryMessageStore } from '../console/anchorConsole.ts'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { XMPP_ROUTES } from './index.ts'
import { vcTokenOf } from '../test-support/api.ts'
import { startFaultProxy, type FaultProxy } from '../test-support/faultProxy.ts'

describe('stream-management counter (patched @xmpp/stream-management)', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle
  let proxy: FaultProxy
  const sessions: ChatSession[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-sm-'))
    api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {}, extraRoutes: XMPP_ROUTES })
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody') })
    proxy = await startFaultProxy(() => prosody.httpPort)
  })

  afterAll(async () => {
    for (const session of sessions) await session.logout().catch(() => undefined)
    await proxy?.close()
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  function session(uid: string, port: number): ChatSession {
    const created = createChatSession({
      service: `ws://127.0.0.1:${port}/xmpp-websocket`,
      domain: 'localhost',
      getCredentials: async () => {
        const answer = await vcTokenOf(api.url, uid)
        return { username: answer.jid.split('@')[0] ?? '', password: answer.vcToken }
      },
    })
    sessions.push(created)
    return created
  }

  it('iq results are counted: after a resume the server re-sends nothing already delivered', async () => {
    const bobJid = (await vcTokenOf(api.url, '100002')).jid
    const alice = session('100001', prosody.httpPort)
    const bob = session('100002', proxy.port)
    const aliceMessenger = createMessenger({ session: alice, store: memoryMessageStore(), me: (await vcTokenOf(api.url, '100001')).jid })
    const wire: XmlElement[] = []
    bob.onStanza((stanza) => {
      if (stanza.name === 'message' && stanza.getChild('body')) wire.push(stanza)
    })
    const bobReady = new Promise<void>((resolve) => bob.onReady(() => resolve()))
    await alice.login()
    await bob.login()
    await bobReady
    const first = await aliceMessenger.send({ to: bobJid, content: 'before the pings' })
    await vi.waitFor(() => expect(wire.map((s) => s.attrs.id)).toContain(first.mid), { timeout: 10_000, interval: 20 })
    // Three iq results the server counts as delivered stanzas.
    await bob.ping()
    await bob.ping()
    await bob.ping()
    const last = await aliceMessenger.send({ to: bobJid, content: 'after the pings' })
    await vi.waitFor(() => expect(wire.map((s) => s.attrs.id)).toContain(last.mid), { timeout: 10_000, interval: 20 })

    const resumed = new Promise<boolean>((resolve) => {
      const stop = bob.onReady((event) => {
        stop()
        resolve(event.resumed)
      })
    })
    proxy.cut()
    expect(await resumed).toBe(true)
    // Prosody re-sends what it believes unacknowledged before it answers anything new: once this ping
    // is answered, any re-sent copy has arrived.
    await bob.ping()
    expect(wire.filter((s) => s.attrs.id === last.mid)).toHaveLength(1)
    expect(wire.filter((s) => s.attrs.id === first.mid)).toHaveLength(1)
    aliceMessenger.close()
  }, 60_000)
})
