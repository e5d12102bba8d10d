/**
 * One messaging connection per browser (not per tab).
 *
 * SPEC §7 gives every web client the same fixed XMPP resource, so two tabs of one account, each with
 * its own session, replace each other on the server in a loop ("conflict — Replaced by new
 * connection"). Instead, the tabs of one account elect a leader with the Web Locks API: the leader
 * runs the real session (messenger, outbox, archive); the others talk to it over a BroadcastChannel.
 * The leader broadcasts every chat event, answers the others' requests (send, read, load…) and relays
 * call signalling. When the leader's tab closes (or is killed: the browser releases its locks), the
 * next tab in line takes the lock and logs in itself; the outbox is in the shared database, so what was
 * waiting is sent by the new leader.
 *
 * Calls belong to one tab: the hub's messages about a call go to the tab that started or answered it
 * (routed by the call's `sid`), an incoming call rings in the tab the user last had in front, and what
 * concerns no call (a recharge, a block) reaches every tab. See `createCallRouter`.
 *
 * Without Web Locks or BroadcastChannel (old browsers, tests) the tab simply runs its own session.
 *
 * This module is the entry the rest of the app imports; the parts live in `tabShare/`:
 * `sharedChat` (leadership and the shared service), `protocol` (what travels between the tabs),
 * `followerCalls` / `serveRequest` / `leaderRequests` (a follower's calls, both ends),
 * `relayedHub` and `callRouter` (call signalling per tab), `tabPost` (ordered, batched posting) and
 * `tabEnv` (the browser's APIs).
 */
export { TAB_REQUEST_TIMEOUT_MS } from './tabShare/protocol'
export { createSharedChat } from './tabShare/sharedChat'
export { browserTabEnv } from './tabShare/tabEnv'
export type { TabChannel, TabEnv } from './tabShare/tabEnv'
