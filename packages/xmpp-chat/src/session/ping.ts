/**
 * XEP-0199 ping to the server with the spec's 2 s limit. It exists because a socket can look open
 * while the connection is dead: an unanswered ping disconnects the client, which starts the session's
 * reconnect checks.
 */
import { xml } from '@xmpp/client'
import { ERROR_TIME_OUT, NS_PING, PING_TIMEOUT_MS } from '../constants.ts'
import { toError } from '../listeners.ts'
import type { SessionTimers, XmppClientLike } from '../types.ts'

/** Resolves on the server's answer; rejects with `time out` after PING_TIMEOUT_MS (and disconnects). */
export function pingServer(client: XmppClientLike, domain: string, timers: SessionTimers): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const timer = timers.setTimeout(() => {
      if (settled) return
      settled = true
      reject(new Error(ERROR_TIME_OUT))
      // No answer in time: the connection is dead even if the socket looks open.
      client.disconnect().catch(() => {})
    }, PING_TIMEOUT_MS)
    const stanza = xml('iq', { type: 'get', to: domain }, xml('ping', { xmlns: NS_PING }))
    client.iqCaller.request(stanza, PING_TIMEOUT_MS * 2).then(
      () => {
        if (settled) return
        settled = true
        timers.clearTimeout(timer)
        resolve()
      },
      (error: unknown) => {
        if (settled) return
        settled = true
        timers.clearTimeout(timer)
        reject(toError(error))
      },
    )
  })
}
