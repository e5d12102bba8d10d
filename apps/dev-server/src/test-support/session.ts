import type { ChatSession } from '@vchat/xmpp-chat'

/**
 * Signs the session in and resolves at its first ready, as the app experiences it: a first attempt
 * that fails (on a busy machine Prosody can miss @xmpp's 2 s stream step right after a burst) is not
 * the end, the session's own reconnect checks (0.5 s, 3 s, then every 10 s) try again. The caller's
 * test time-out bounds the wait.
 */
export async function signedInSession(session: ChatSession): Promise<void> {
  const ready = new Promise<void>((resolve) => {
    const stop = session.onReady(() => {
      stop()
      resolve()
    })
  })
  await session.login().catch(() => undefined)
  await ready
}
