/**
 * The chat's store effects for the whole signed-in app: the messaging login of a restored session,
 * the messaging service's events into the chat slice (unread badge, open thread), the count of
 * received messages for analytics, a system
 * notification for a message that arrives while the tab is hidden, and the delete-messages schedule.
 * `ChatBridge` starts them and shows the in-page notice.
 */
import { addAppListener, startStoreEffect } from '../../app/listeners'
import type { AppDispatch, RootState } from '../../app/state'
import type { AnalyticsService, ChatEvent, ChatMessageRecord, ChatService } from '../../services/types'
import { officialJidOf, receiptTracking } from './chatTracking'
import { selectMessageRetentionDays } from '../settings'
import { selectUser } from '../users'
import { chatEvent, chatEventsBatched, selectConnection } from './chatSlice'
import { loadThreads, pruneOldMessages } from './chatThunks'
import { connectMessaging } from './messagingLogin'

/** After a batch is applied, the next waits this long: a burst of messages renders at most once per frame. */
const EVENT_BATCH_MS = 16

export interface ChatListenerOptions {
  /** The page the app was opened on: messaging login is skipped on payment routes. */
  pathname: string
  /** The notification title when the sender has no name (in the user's language). */
  newMessageTitle: () => string
}

/** Starts the chat's effects for the signed-in user; returns the function that stops them. */
export function startChatListeners(dispatch: AppDispatch, options: ChatListenerOptions): () => void {
  // The schedule first: following the events reports the connection state, which may start a prune.
  const stopPrune = startPruneSchedule(dispatch)
  const stopEvents = startStoreEffect(dispatch, 'chat/events', (api) => followChatEvents(api.extra.chat, (event, properties) => api.extra.analytics.track(event, properties), api.dispatch, api.getState, options))
  return () => {
    stopEvents()
    stopPrune()
  }
}

/**
 * Events reported together (the messenger reports a stored batch in one go) are applied as one action
 * at the end of the current task: no added latency for a lone message. While a burst lasts, batches
 * are at least EVENT_BATCH_MS apart, so the thread renders at most once a frame.
 */
function followChatEvents(
  chat: Pick<ChatService, 'subscribe' | 'state'>,
  track: AnalyticsService['track'],
  dispatch: AppDispatch,
  getState: () => RootState,
  options: ChatListenerOptions,
): () => void {
  if (!getState().auth.user) return () => {}
  let pending: ChatEvent[] = []
  let scheduled = false
  let cooling: ReturnType<typeof setTimeout> | null = null
  let active = true
  const flush = () => {
    scheduled = false
    if (!active || cooling !== null || !pending.length) return
    const events = pending
    pending = []
    dispatch(events.length === 1 && events[0] ? chatEvent(events[0]) : chatEventsBatched(events))
    cooling = setTimeout(() => {
      cooling = null
      flush()
    }, EVENT_BATCH_MS)
  }
  const unsubscribe = chat.subscribe((event) => {
    pending.push(event)
    if (!scheduled && cooling === null) {
      scheduled = true
      queueMicrotask(flush)
    }
    // SPEC §5: every message received counts for analytics (`chat_receive`), however messaging was
    // logged in; the user's own and the official account's do not.
    if (event.kind === 'message') trackReceipt(event.message, getState, track)
    // History read from the archive is not news: no notification for it.
    if (event.kind === 'message' && !event.archived && typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      // Named as the directory names the sender (the name the message carries is the sender's say).
      const sender = selectUser(getState(), event.message.from)?.nickName
      showSystemNotification(sender || event.message.nickName || options.newMessageTitle(), event.message.content, event.message.mid)
    }
  })
  dispatch(chatEvent({ kind: 'state', state: chat.state }))
  void dispatch(connectMessaging(options.pathname)).then(() => dispatch(loadThreads()))
  return () => {
    active = false
    unsubscribe()
    if (cooling !== null) clearTimeout(cooling)
    cooling = null
    if (pending.length) dispatch(chatEventsBatched(pending))
    pending = []
  }
}

function trackReceipt(message: ChatMessageRecord, getState: () => RootState, track: AnalyticsService['track']) {
  const { user, componentInfo } = getState().auth
  if (!user) return
  const properties = receiptTracking(message, user.jid, officialJidOf(componentInfo?.helpDomain, user.jid))
  if (properties) track('chat_receive', properties)
}

/** Whether the delete-messages schedule has work: someone signed in, messaging up, a retention chosen. */
const pruneDue = (state: RootState) => state.auth.user !== null && selectConnection(state) === 'connected' && selectMessageRetentionDays(state) > 0

/** The delete-messages schedule runs once messaging is up, and again whenever the choice changes. */
function startPruneSchedule(dispatch: AppDispatch): () => void {
  const stopNow = startStoreEffect(dispatch, 'chat/pruneSchedule', (api) => {
    if (pruneDue(api.getState())) void api.dispatch(pruneOldMessages())
    return () => {}
  })
  const remove = dispatch(
    addAppListener({
      predicate: (_action, state, previous) =>
        pruneDue(state) &&
        (selectConnection(state) !== selectConnection(previous) ||
          selectMessageRetentionDays(state) !== selectMessageRetentionDays(previous) ||
          state.auth.user?.jid !== previous.auth.user?.jid),
      effect: (_action, api) => void api.dispatch(pruneOldMessages()),
    }),
  )
  return () => {
    stopNow()
    remove({ cancelActive: true })
  }
}

function showSystemNotification(title: string, body: string, mid: string) {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    // Tagged with the message: every hidden tab of the account hears it, the system shows it once.
    new Notification(title, { body, tag: mid })
  } catch {
    // Some browsers allow notifications only from a service worker: the in-page notice remains.
  }
}
