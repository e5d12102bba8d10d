/**
 * The leader's side of a follower's request: each request runs on the leader's own service. It exists
 * to map the channel's method names and plain arguments back onto the service's calls in one place.
 */
import type { XmlElement } from '@vchat/xmpp-chat'
import type { ChatService } from '../types'
import type { RequestMethod } from './protocol'
import { ownHub } from './relayedHub'

/** What serving needs besides the service: call routing and reading a forwarded stanza. */
export interface ServeContext {
  /** The tab `from` sent this call message (its answers go back to that tab). */
  noteSent(from: string, action: string, payload: unknown): void
  parseStanza(text: string): Promise<XmlElement>
}

/** Runs a follower's request on this (the leader's) own service. */
export async function serveRequest(local: ChatService, context: ServeContext, from: string, method: RequestMethod, args: unknown[]): Promise<unknown> {
  switch (method) {
    case 'fetchProfile':
      return local.fetchProfile(args[0] as string)
    case 'lastActivity':
      return local.lastActivity(args[0] as string)
    case 'listThreads':
      return local.listThreads()
    case 'loadThread':
      return local.loadThread(args[0] as string, args[1] as number | undefined)
    case 'loadOlder':
      return local.loadOlder(args[0] as string, args[1] as { date: number; mid: string }, args[2] as number | undefined)
    case 'send':
      return local.send(args[0] as Parameters<ChatService['send']>[0])
    case 'retry':
      return local.retry(args[0] as string)
    case 'buyGift':
      return local.buyGift(args[0] as Parameters<ChatService['buyGift']>[0])
    case 'setActiveThread':
      return local.setActiveThread(args[0] as string | null, args[1] as Parameters<ChatService['setActiveThread']>[1])
    case 'markThreadRead':
      return local.markThreadRead(args[0] as string, args[1] as Parameters<ChatService['markThreadRead']>[1])
    case 'markImageUnlocked':
      return local.markImageUnlocked(args[0] as string)
    case 'deleteMessagesBefore':
      return local.deleteMessagesBefore(args[0] as number)
    case 'noteTyping':
      return local.noteTyping(args[0] as string)
    case 'stopTyping':
      return local.stopTyping(args[0] as string)
    case 'sendCall': {
      const hub = ownHub(local)
      context.noteSent(from, args[0] as string, args[1])
      return hub.sendCall(args[0] as string, args[1])
    }
    case 'sendStanza': {
      const hub = ownHub(local)
      return hub.send(await context.parseStanza(args[0] as string))
    }
  }
}
