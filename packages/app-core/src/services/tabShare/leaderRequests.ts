/**
 * A follower's requests to the leader that are not answered yet. It exists so that none is lost when
 * the lead changes: unanswered requests are asked again of a new leader, or run in this tab when it
 * takes the lead itself, or fail when this tab signs out.
 */
import { TAB_REQUEST_TIMEOUT_MS, errorOf } from './protocol'
import type { RequestMethod, TabMessage } from './protocol'

export interface LeaderRequests {
  /** Asks the leader; `onTimeout` runs when no answer came within TAB_REQUEST_TIMEOUT_MS. */
  ask(method: RequestMethod, args: unknown[], onTimeout: () => void): Promise<unknown>
  /** Asks every unanswered request again (a new leader; a send carries its id, so it goes out once). */
  resend(): void
  /** This tab leads now: every unanswered request runs here instead. */
  runHere(serve: (method: RequestMethod, args: unknown[]) => Promise<unknown>): void
  /** Every unanswered request fails with this reason. */
  fail(reason: string): void
  /** The leader's answer to one of this tab's requests. */
  answer(reply: Extract<TabMessage, { t: 'reply' }>): void
}

export function createLeaderRequests(me: string, post: (message: TabMessage) => void): LeaderRequests {
  /** Requests sent to the leader and not answered yet: sent again to a new leader, or run here when this tab leads. */
  const pending = new Map<number, { method: RequestMethod; args: unknown[]; resolve: (value: unknown) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>()
  let requestIds = 0
  return {
    ask(method, args, onTimeout) {
      const id = (requestIds += 1)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(onTimeout, TAB_REQUEST_TIMEOUT_MS)
        pending.set(id, { method, args, resolve, reject, timer })
        post({ t: 'request', id, from: me, method, args })
      })
    },
    resend() {
      for (const [id, call] of pending) post({ t: 'request', id, from: me, method: call.method, args: call.args })
    },
    runHere(serve) {
      for (const [id, call] of pending) {
        clearTimeout(call.timer)
        pending.delete(id)
        serve(call.method, call.args).then(call.resolve, call.reject)
      }
    },
    fail(reason) {
      for (const [id, call] of pending) {
        clearTimeout(call.timer)
        pending.delete(id)
        call.reject(new Error(reason))
      }
    },
    answer(reply) {
      const call = pending.get(reply.id)
      if (!call) return
      pending.delete(reply.id)
      clearTimeout(call.timer)
      if (reply.ok) call.resolve(reply.value)
      else call.reject(errorOf(reply.error))
    },
  }
}
