/**
 * Posting on the tabs' channel, in order: what the leader relays in one task goes out as one batch at
 * the end of that task, and a message posted at once follows whatever was relayed before it. It
 * exists because a stored page is hundreds of events and stanzas: one structured clone and one
 * wake-up of each other tab per batch, instead of one per event.
 */
import type { Logger } from '../types'
import type { TabMessage } from './protocol'
import type { TabChannel } from './tabEnv'

export interface TabPost {
  /** Posted at the end of the task, together with the rest of the task's. */
  relay(message: TabMessage): void
  /** Posted at once, after what was relayed before it: the other tabs hear everything in order. */
  post(message: TabMessage): void
}

/** `channel` answers the current login's channel (none: nothing is posted). */
export function createTabPost(channel: () => TabChannel | undefined, logger: Logger): TabPost {
  const postNow = (message: TabMessage) => {
    try {
      channel()?.postMessage(message)
    } catch (error) {
      logger.warn('tab message not posted', { reason: error instanceof Error ? error.message : String(error) })
    }
  }
  /** What the leader relayed in the current task (events, stanzas), not posted yet. */
  let outgoing: TabMessage[] = []
  const postOutgoing = () => {
    if (!outgoing.length) return
    const messages = outgoing
    outgoing = []
    postNow(messages.length === 1 ? (messages[0] as TabMessage) : { t: 'batch', messages })
  }
  return {
    relay(message) {
      outgoing.push(message)
      if (outgoing.length === 1) queueMicrotask(postOutgoing)
    },
    post(message) {
      postOutgoing()
      postNow(message)
    },
  }
}
