/**
 * What the user does with threads and messages, through the messaging service: reading the thread
 * list and a conversation (with its older pages and the paid images already unlocked), sending and
 * retrying, typing, the peer's last seen, the send lock and the delete-messages schedule. The chat
 * slice (`chatSlice`) follows these thunks, so they read the chat state straight from the root state
 * (absent until the slice is injected) rather than through its selectors: importing the slice here
 * would close an import cycle.
 */
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { CHAT_PAGE_SIZE, DAY_MS } from '../../constants'
import type { ChatMessageRecord } from '../../services/types'
import { selectMessageRetentionDays, selectSendReadReceipts } from '../settings'
import type { PeerLastSeen } from './chatState'
import { officialJidOf, replyTracking } from './chatTracking'

/** At most this many URLs per unlocked_images question (the newest page of a thread holds fewer). */
const UNLOCKED_IMAGES_MAX_URLS = 50

/** What a failure is logged with. */
export const failureReason = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const loadThreads = createAppAsyncThunk('chat/loadThreads', async (_: void, { extra }) => extra.chat.listThreads())

export const openThread = createAppAsyncThunk('chat/openThread', async (tid: string, { extra, dispatch, getState }) => {
  // Read receipts off: reading is not told to the peer (delivery still is).
  const read = { tellPeer: selectSendReadReceipts(getState()) }
  extra.chat.setActiveThread(tid, read)
  const messages = await extra.chat.loadThread(tid, CHAT_PAGE_SIZE)
  await extra.chat.markThreadRead(tid, read)
  void dispatch(loadThreads())
  void dispatch(syncImageUnlocks(messages))
  return messages
})

/** A received paid image, with the URL the server knows it by (a name: it opens nothing). */
function paidImageUrl(message: ChatMessageRecord, me: string): string | null {
  if (message.from === me) return null
  const attachment = message.attachment as { payNeed?: unknown; url?: unknown } | undefined
  return attachment?.payNeed && typeof attachment.url === 'string' && attachment.url ? attachment.url : null
}

/**
 * When a thread loads (or an unlocked image stops loading), asks the server which of these paid
 * images this user has unlocked (unlocked_images: read only, nothing charged) — e.g. on another
 * device, or before the local database was cleared — and marks those unlocked, on the stored message
 * too. Answers, by message id, the fresh short-lived signed URL that shows each (the image host's
 * URLs expire, so none is stored). A failure leaves them as they were (unlocking again is free
 * server-side).
 */
export const syncImageUnlocks = createAppAsyncThunk<Record<string, string>, readonly ChatMessageRecord[]>('chat/syncImageUnlocks', async (messages, { extra, getState }) => {
  const me = getState().auth.user?.jid ?? ''
  const byUrl = new Map<string, ChatMessageRecord[]>()
  for (const message of messages) {
    const url = paidImageUrl(message, me)
    if (url) byUrl.set(url, [...(byUrl.get(url) ?? []), message])
  }
  if (byUrl.size === 0) return {}
  let viewUrls: Record<string, string>
  try {
    viewUrls = (await extra.api.getUnlockedImages({ urls: [...byUrl.keys()].slice(0, UNLOCKED_IMAGES_MAX_URLS) })).viewUrls
  } catch (error) {
    extra.logger.warn('unlocked images check failed', { reason: failureReason(error) })
    return {}
  }
  const views: Record<string, string> = {}
  for (const [url, viewUrl] of Object.entries(viewUrls)) {
    for (const message of byUrl.get(url) ?? []) {
      views[message.mid] = viewUrl
      if (message.unlocked === true) continue
      try {
        await extra.chat.markImageUnlocked(message.mid)
      } catch (error) {
        extra.logger.warn('image unlock not saved', { reason: failureReason(error) })
      }
    }
  }
  return views
})

/**
 * The page of the active thread before its oldest message shown (scrolling back through history).
 * Skipped while a page is loading, when the start of the thread is known to be shown, or when the
 * thread changed meanwhile (the answer is then dropped).
 */
export const loadOlderMessages = createAppAsyncThunk(
  'chat/loadOlder',
  async (tid: string, { extra, getState, dispatch }) => {
    const oldest = getState().chat?.messages[0]
    if (!oldest) return []
    const messages = await extra.chat.loadOlder(tid, { date: oldest.date, mid: oldest.mid }, CHAT_PAGE_SIZE)
    void dispatch(syncImageUnlocks(messages))
    return messages
  },
  {
    condition: (tid, { getState }) => {
      const chat = getState().chat
      return chat !== undefined && chat.activeTid === tid && chat.messagesStatus === 'ready' && chat.hasOlder && chat.olderStatus !== 'loading'
    },
  },
)

export const closeThread = createAppAsyncThunk('chat/closeThread', async (_: void, { extra }) => {
  extra.chat.setActiveThread(null)
})

/**
 * The delete-messages schedule (/deletemessagesettings): messages older than the chosen number of days
 * leave this device (never one still waiting to be sent); the thread list and the open conversation
 * are read again when any went. Runs when messaging connects and whenever the choice changes.
 */
export const pruneOldMessages = createAppAsyncThunk('chat/pruneOldMessages', async (_: void, { extra, dispatch, getState }) => {
  const days = selectMessageRetentionDays(getState())
  if (days <= 0) return { removed: 0, before: 0 }
  const before = extra.clock.now() - days * DAY_MS
  const removed = await extra.chat.deleteMessagesBefore(before)
  if (removed > 0) void dispatch(loadThreads())
  return { removed, before }
})

/** A keystroke in the composer of the conversation with `peer`: the peer sees this user typing. */
export const composerTyped = createAppAsyncThunk('chat/composerTyped', async (peer: string, { extra }) => {
  extra.chat.noteTyping(peer)
})

/**
 * Asks the messaging server when `peer` was last connected. "Seconds ago" becomes a time on this
 * device's clock, so the header's "5 minutes ago" keeps ageing between two questions.
 */
export const refreshLastSeen = createAppAsyncThunk('chat/refreshLastSeen', async (peer: string, { extra }): Promise<PeerLastSeen> => {
  const activity = await extra.chat.lastActivity(peer)
  return activity.state === 'seen' ? { state: 'seen', at: extra.clock.now() - activity.secondsAgo * 1000 } : activity
})

/** The conversation with `peer` was left: the peer stops seeing this user typing. */
export const composerLeft = createAppAsyncThunk('chat/composerLeft', async (peer: string, { extra }) => {
  extra.chat.stopTyping(peer)
})

/**
 * Sends a text (or typed) message to the peer of a thread; the message appears at once as `sending`.
 * Tracked as `chat_send`; when it answers the host's last message within 10 minutes also as
 * `chat_reply` (SPEC §5).
 */
export const sendMessage = createAppAsyncThunk(
  'chat/send',
  async (input: { to: string; content: string; type?: number; attachment?: unknown }, { extra, getState }) => {
    const state = getState()
    const me = state.auth.user?.jid ?? ''
    const chat = state.chat
    const history = chat?.activeTid === input.to ? chat.messages.filter((m) => m.tid === input.to) : []
    const last = chat?.threads.find((t) => t.tid === input.to)?.lastMessage
    const reply = replyTracking(last ? [...history, last] : history, me, officialJidOf(state.auth.componentInfo?.helpDomain, me), extra.clock.now())
    const message = await extra.chat.send(input)
    extra.analytics.track('chat_send', { type: message.type, reply: reply.reply })
    if (reply.reply) extra.analytics.track('chat_reply', { type: message.type, replyAfterMs: reply.replyAfterMs })
    return message
  },
)

export const retryMessage = createAppAsyncThunk('chat/retry', async (mid: string, { extra }) => {
  await extra.chat.retry(mid)
})

/** Whether the signed-in user may send to this peer (send_msg_lock). Paid users are never locked. */
export const checkSendLock = createAppAsyncThunk('chat/sendLock', async ({ peerJid }: { tid: string; peerJid: string }, { extra, getState }) => {
  if (getState().account.paid) return false
  try {
    const answer = await extra.api.getSendMsgLock({ targetJid: peerJid })
    return answer.locked
  } catch (error) {
    extra.logger.warn('send_msg_lock failed', { reason: failureReason(error) })
    return false
  }
})
