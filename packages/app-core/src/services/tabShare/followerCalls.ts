/**
 * The shared chat's service calls as a follower makes them: asked of the leader over the channel
 * while this tab follows, run on this tab's own service otherwise. It exists to keep that one rule,
 * and what each call answers when the leader cannot, apart from the leadership logic.
 */
import type { ChatService } from '../types'
import type { RequestMethod } from './protocol'
import { nanoid } from 'nanoid'

/** The service calls that run on the leader. */
export type ForwardedCalls = Omit<ChatService, 'login' | 'logout' | 'state' | 'jid' | 'subscribe' | 'hubTransport'>

export function createFollowerCalls(local: ChatService, isFollower: () => boolean, request: (method: RequestMethod, args: unknown[]) => Promise<unknown>): ForwardedCalls {
  return {
    async fetchProfile(peer) {
      if (!isFollower()) return local.fetchProfile(peer)
      return (await request('fetchProfile', [peer]).catch(() => null)) as Awaited<ReturnType<ChatService['fetchProfile']>>
    },
    async lastActivity(peer) {
      if (!isFollower()) return local.lastActivity(peer)
      const unknown: Awaited<ReturnType<ChatService['lastActivity']>> = { state: 'unknown' }
      return ((await request('lastActivity', [peer]).catch(() => unknown)) ?? unknown) as Awaited<ReturnType<ChatService['lastActivity']>>
    },
    async listThreads() {
      if (!isFollower()) return local.listThreads()
      return (await request('listThreads', [])) as Awaited<ReturnType<ChatService['listThreads']>>
    },
    async loadThread(tid, limit) {
      if (!isFollower()) return local.loadThread(tid, limit)
      return (await request('loadThread', [tid, limit])) as Awaited<ReturnType<ChatService['loadThread']>>
    },
    async loadOlder(tid, before, limit) {
      if (!isFollower()) return local.loadOlder(tid, before, limit)
      return (await request('loadOlder', [tid, before, limit])) as Awaited<ReturnType<ChatService['loadOlder']>>
    },
    async send(message) {
      if (!isFollower()) return local.send(message)
      // Its id is chosen here: asked again of another leader (or run here), it still goes out once.
      const withId = message.mid === undefined ? { ...message, mid: nanoid() } : message
      return (await request('send', [withId])) as Awaited<ReturnType<ChatService['send']>>
    },
    async retry(mid) {
      if (!isFollower()) return local.retry(mid)
      await request('retry', [mid])
    },
    async buyGift(purchase) {
      if (!isFollower()) return local.buyGift(purchase)
      return (await request('buyGift', [purchase])) as Awaited<ReturnType<ChatService['buyGift']>>
    },
    setActiveThread(tid, read) {
      if (!isFollower()) return local.setActiveThread(tid, read)
      request('setActiveThread', [tid, read]).catch(() => undefined)
    },
    async markThreadRead(tid, read) {
      if (!isFollower()) return local.markThreadRead(tid, read)
      await request('markThreadRead', [tid, read])
    },
    async markImageUnlocked(mid) {
      if (!isFollower()) return local.markImageUnlocked(mid)
      return (await request('markImageUnlocked', [mid])) as Awaited<ReturnType<ChatService['markImageUnlocked']>>
    },
    async deleteMessagesBefore(date) {
      if (!isFollower()) return local.deleteMessagesBefore(date)
      return (await request('deleteMessagesBefore', [date])) as number
    },
    noteTyping(to) {
      if (!isFollower()) return local.noteTyping(to)
      request('noteTyping', [to]).catch(() => undefined)
    },
    stopTyping(to) {
      if (!isFollower()) return local.stopTyping(to)
      request('stopTyping', [to]).catch(() => undefined)
    },
  }
}
