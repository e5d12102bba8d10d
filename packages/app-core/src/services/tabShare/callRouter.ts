/**
 * Which tab a hub message about a call is for. It exists because a call belongs to one tab: the tab
 * that started or answered it, or, for an incoming ring, the tab the user last had in front.
 */
import type { HubCall } from '@vchat/xmpp-chat'

function sidOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null
  const sid = (payload as Record<string, unknown>)['sid']
  return typeof sid === 'string' && sid !== '' ? sid : null
}

/** Calls remembered per tab; older ones are forgotten first. */
const ROUTED_CALLS_KEPT = 100

/**
 * Which tab a hub message is for. A call's messages go to the tab that owns its `sid`: the tab that
 * sent something for it, the tab whose `SessionRequest` the hub answers with `SessionSuccess`/`SessionFail`,
 * or, for an incoming `CallIn`, the tab in front. Anything else (`ReChargeSuccess`, a `CallError` about
 * no call, `MatchToFlash`) is for every tab: `route` answers null.
 */
export function createCallRouter(leaderTab: string) {
  const owners = new Map<string, string>()
  let requester: string | null = null
  let front = leaderTab
  const own = (sid: string, tab: string) => {
    owners.delete(sid)
    owners.set(sid, tab)
    if (owners.size > ROUTED_CALLS_KEPT) owners.delete(owners.keys().next().value as string)
  }
  return {
    get front() {
      return front
    },
    /** The tab came to the front. */
    toFront(tab: string) {
      front = tab
    },
    /** The tab is gone: the leader's tab takes its place in front; its calls have nowhere to go. */
    gone(tab: string) {
      if (front === tab) front = leaderTab
      if (requester === tab) requester = null
      for (const [sid, owner] of owners) if (owner === tab) owners.delete(sid)
    },
    /** Forgets which tab a call belongs to (its tab is gone before it rang there). */
    forget(call: Pick<HubCall, 'payload'>) {
      const sid = sidOf(call.payload)
      if (sid !== null) owners.delete(sid)
    },
    /** The tab sent this call message. */
    sent(tab: string, action: string, payload: unknown) {
      const sid = sidOf(payload)
      if (sid !== null) own(sid, tab)
      if (action === 'SessionRequest') requester = tab
    },
    /** The tab this hub message is for; null for every tab. */
    route(call: Pick<HubCall, 'action' | 'payload'>): string | null {
      const sid = sidOf(call.payload)
      const owner = sid === null ? undefined : owners.get(sid)
      if (owner !== undefined) return owner
      if ((call.action === 'SessionSuccess' || call.action === 'SessionFail') && requester !== null) {
        if (sid !== null) own(sid, requester)
        return requester
      }
      if (call.action === 'CallIn' && sid !== null) {
        own(sid, front)
        return front
      }
      return null
    },
  }
}

export type CallRouter = ReturnType<typeof createCallRouter>
