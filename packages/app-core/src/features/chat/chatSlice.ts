/**
 * Threads and the open conversation, under the store key `chat`: the thread list with unread counts,
 * the active thread's messages (with their older pages), the connection state, the in-page notice of
 * a new message, the peers typing and their last seen, and the send lock. It follows the messaging
 * service's events (`chatListeners`) and the thread thunks (`chatThunks`). The rest of the chat has
 * slices of its own: uploads (`uploadSlice`), gifts and paid images (`purchaseSlice`) and
 * translations (`translationSlice`).
 */
import { createSlice, current, isDraft, original } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { CHAT_PAGE_SIZE } from '../../constants'
import type { ChatEvent, ChatMessageRecord } from '../../services/types'
import { loggedOut } from '../../app/authActions'
import type { ChatState, PeerLastSeen, SendLockState } from './chatState'
import { checkSendLock, closeThread, loadOlderMessages, loadThreads, openThread, pruneOldMessages, refreshLastSeen, sendMessage, syncImageUnlocks } from './chatThunks'
import { unlockImage } from './purchaseThunks'

export const initialChatState: ChatState = {
  connection: 'idle',
  threadsStatus: 'idle',
  threads: [],
  activeTid: null,
  messagesStatus: 'idle',
  messages: [],
  hasOlder: false,
  olderStatus: 'idle',
  sendLock: {},
  notice: null,
  peerTyping: {},
  peerLastSeen: {},
  imageViews: {},
}

function upsertMessage(list: ChatMessageRecord[], message: ChatMessageRecord) {
  const index = list.findIndex((m) => m.mid === message.mid)
  if (index === -1) list.push(message)
  else list[index] = message
}

/**
 * Where each message of the open thread sits in `state.messages`, built once per batch of events from
 * the plain array (not the draft: reading every row through the draft would wrap each one), so a burst
 * of n messages costs O(n) instead of a scan per message.
 */
function messagePositions(state: ChatState): Map<string, number> {
  const rows = original(state.messages) ?? state.messages
  const positions = new Map<string, number>()
  rows.forEach((message, index) => positions.set(message.mid, index))
  return positions
}

/**
 * Puts messages from the archive in their places in the open thread (oldest first, by date): each
 * after the last row dated at or before it, as if they had been shown one by one; a message already
 * shown is left as it is. A catch-up page is hundreds of messages, so they are put in place together:
 * appended when they are all newer than the thread's newest row (the usual case), otherwise merged
 * into one new list in one pass.
 */
function insertByDate(state: ChatState, positions: Map<string, number>, messages: readonly ChatMessageRecord[]): void {
  const fresh: ChatMessageRecord[] = []
  for (const message of messages) {
    if (positions.has(message.mid)) continue
    // Placed now, so a second copy in the same batch is left out like any message already shown.
    positions.set(message.mid, -1)
    fresh.push(message)
  }
  if (!fresh.length) return
  // Stable: messages of the same date keep the order they came in.
  fresh.sort((a, b) => a.date - b.date)
  const newest = state.messages[state.messages.length - 1]
  if (!newest || (fresh[0] as ChatMessageRecord).date >= newest.date) {
    for (const message of fresh) {
      positions.set(message.mid, state.messages.length)
      state.messages.push(message)
    }
    return
  }
  // The rows as plain objects (reading each through the draft would wrap every one).
  const rows = isDraft(state.messages) ? current(state.messages) : state.messages
  // From the end: a row goes after a message dated before it; a message after every row dated at or before it.
  const merged: ChatMessageRecord[] = new Array<ChatMessageRecord>(rows.length + fresh.length)
  let row = rows.length - 1
  let next = fresh.length - 1
  for (let at = merged.length - 1; at >= 0; at -= 1) {
    const message = fresh[next]
    const shown = rows[row]
    merged[at] = shown !== undefined && (message === undefined || shown.date > message.date) ? (row--, shown) : (next--, message as ChatMessageRecord)
  }
  state.messages = merged
  merged.forEach((message, index) => positions.set(message.mid, index))
}

function upsertAt(state: ChatState, positions: Map<string, number>, message: ChatMessageRecord) {
  const index = positions.get(message.mid)
  if (index === undefined) {
    positions.set(message.mid, state.messages.length)
    state.messages.push(message)
  } else {
    state.messages[index] = message
  }
}

/** Updates the thread row of a message; true when an existing row changed (the list needs sorting). */
function applyToThread(state: ChatState, message: ChatMessageRecord, incoming: boolean): boolean {
  const thread = state.threads.find((t) => t.tid === message.tid)
  if (!thread) {
    state.threadsStatus = state.threadsStatus === 'idle' ? 'idle' : 'ready'
    const peer = incoming ? message.from : message.to
    state.threads.unshift({
      tid: message.tid,
      peerJid: peer,
      peerUid: (peer.split('@')[0] ?? '').split('_')[1] ?? '',
      nickName: message.nickName ?? '',
      unread: incoming && !message.read ? 1 : 0,
      official: false,
      lastMessage: message,
    })
    return false
  }
  if (!thread.lastMessage || thread.lastMessage.date <= message.date || thread.lastMessage.mid === message.mid) thread.lastMessage = message
  if (incoming && !message.read) thread.unread += 1
  if (incoming && !thread.nickName && message.nickName) thread.nickName = message.nickName
  return true
}

/** Newest activity first. */
function sortThreads(state: ChatState) {
  state.threads.sort((a, b) => (b.lastMessage?.date ?? 0) - (a.lastMessage?.date ?? 0))
}

function applyToThreads(state: ChatState, message: ChatMessageRecord, incoming: boolean) {
  if (applyToThread(state, message, incoming)) sortThreads(state)
}

/** Applies events in order: one index of the open thread's messages and one thread sort per batch. */
function applyEvents(state: ChatState, events: readonly ChatEvent[]) {
  let positions: Map<string, number> | null = null
  let resort = false
  /** History for the open thread, put in place together before anything else touches its rows. */
  let archived: ChatMessageRecord[] = []
  const placeArchived = () => {
    if (!archived.length) return
    insertByDate(state, (positions ??= messagePositions(state)), archived)
    archived = []
  }
  for (const event of events) {
    if (event.kind !== 'message' || !event.archived) placeArchived()
    switch (event.kind) {
      case 'state':
        state.connection = event.state
        break
      case 'message': {
        const message = event.message
        // From the archive it may be the user's own message, sent from another device.
        const incoming = message.to !== message.tid
        if (applyToThread(state, message, incoming)) resort = true
        if (event.archived) {
          // History: in its place by date, without a notice.
          if (state.activeTid === message.tid) archived.push(message)
        } else if (state.activeTid === message.tid) upsertAt(state, (positions ??= messagePositions(state)), message)
        else state.notice = { tid: message.tid, nickName: message.nickName ?? '', content: message.content }
        break
      }
      case 'arriving': {
        // Shown in the open thread at once; its `message` event (once stored) updates the thread list.
        const message = event.message
        if (state.activeTid === message.tid) upsertAt(state, (positions ??= messagePositions(state)), message)
        break
      }
      case 'update': {
        const message = event.message
        if (state.activeTid === message.tid) upsertAt(state, (positions ??= messagePositions(state)), message)
        const thread = state.threads.find((t) => t.tid === message.tid)
        if (thread?.lastMessage?.mid === message.mid) thread.lastMessage = message
        break
      }
      case 'notice':
        break
      case 'unread': {
        // The open thread is being read here: it stays at 0.
        const thread = state.threads.find((t) => t.tid === event.tid)
        if (thread && state.activeTid !== event.tid) thread.unread = event.unread
        break
      }
      case 'typing':
        if (event.typing) state.peerTyping[event.from] = true
        else delete state.peerTyping[event.from]
        break
    }
  }
  placeArchived()
  if (resort) sortThreads(state)
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    chatEvent(state, action: PayloadAction<ChatEvent>) {
      applyEvents(state, [action.payload])
    },
    /** Many events at once (a burst of incoming messages renders once). */
    chatEventsBatched(state, action: PayloadAction<ChatEvent[]>) {
      applyEvents(state, action.payload)
    },
    noticeDismissed(state) {
      state.notice = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(refreshLastSeen.fulfilled, (state, action) => {
        state.peerLastSeen[action.meta.arg] = action.payload
      })
      .addCase(loadThreads.pending, (state) => {
        if (state.threadsStatus !== 'ready') state.threadsStatus = 'loading'
      })
      .addCase(loadThreads.fulfilled, (state, action) => {
        state.threadsStatus = 'ready'
        state.threads = action.payload.map((thread) => (thread.tid === state.activeTid ? { ...thread, unread: 0 } : thread))
      })
      .addCase(loadThreads.rejected, (state) => {
        if (state.threadsStatus !== 'ready') state.threadsStatus = 'failed'
      })
      .addCase(openThread.pending, (state, action) => {
        state.activeTid = action.meta.arg
        state.messagesStatus = 'loading'
        state.messages = []
        state.hasOlder = false
        state.olderStatus = 'idle'
        if (state.notice?.tid === action.meta.arg) state.notice = null
        const thread = state.threads.find((t) => t.tid === action.meta.arg)
        if (thread) thread.unread = 0
      })
      .addCase(openThread.fulfilled, (state, action) => {
        if (state.activeTid !== action.meta.arg) return
        state.messagesStatus = 'ready'
        state.hasOlder = action.payload.length >= CHAT_PAGE_SIZE
        // Messages that arrived while loading stay; the stored ones come first.
        const live = state.messages
        state.messages = action.payload
        for (const message of live) upsertMessage(state.messages, message)
      })
      .addCase(pruneOldMessages.fulfilled, (state, action) => {
        const { removed, before } = action.payload
        // The open conversation loses what left the device (an unsent message stays).
        if (removed > 0) state.messages = state.messages.filter((message) => message.date >= before || message.outbox === true)
      })
      .addCase(openThread.rejected, (state, action) => {
        if (state.activeTid === action.meta.arg) state.messagesStatus = 'failed'
      })
      .addCase(loadOlderMessages.pending, (state) => {
        state.olderStatus = 'loading'
      })
      .addCase(loadOlderMessages.fulfilled, (state, action) => {
        if (state.activeTid !== action.meta.arg) return
        state.olderStatus = 'ready'
        state.hasOlder = action.payload.length >= CHAT_PAGE_SIZE
        const shown = new Set(state.messages.map((message) => message.mid))
        const older = action.payload.filter((message) => !shown.has(message.mid))
        if (older.length) state.messages.unshift(...older)
      })
      .addCase(loadOlderMessages.rejected, (state, action) => {
        // A condition that said no is not a failure.
        if (action.meta.condition || state.activeTid !== action.meta.arg) return
        state.olderStatus = 'failed'
      })
      .addCase(closeThread.pending, (state) => {
        state.activeTid = null
        state.messages = []
        state.messagesStatus = 'idle'
        state.hasOlder = false
        state.olderStatus = 'idle'
      })
      .addCase(sendMessage.fulfilled, (state, action) => {
        const message = action.payload
        applyToThreads(state, message, false)
        if (state.activeTid === message.tid) upsertMessage(state.messages, message)
      })
      .addCase(checkSendLock.pending, (state, action) => {
        state.sendLock[action.meta.arg.tid] = { status: 'loading', locked: state.sendLock[action.meta.arg.tid]?.locked ?? false }
      })
      .addCase(checkSendLock.fulfilled, (state, action) => {
        state.sendLock[action.meta.arg.tid] = { status: 'ready', locked: action.payload }
      })
      // A paid image unlocked here (the purchases slice keeps the unlock) or earlier: its message shows it.
      .addCase(unlockImage.fulfilled, (state, action) => {
        const { mid } = action.meta.arg
        const message = state.messages.find((m) => m.mid === mid)
        if (message) message.unlocked = true
        for (const thread of state.threads) if (thread.lastMessage?.mid === mid) thread.lastMessage.unlocked = true
        if (action.payload) state.imageViews[mid] = action.payload
      })
      .addCase(syncImageUnlocks.fulfilled, (state, action) => {
        const views = action.payload
        const mids = new Set(Object.keys(views))
        if (mids.size === 0) return
        for (const message of state.messages) if (mids.has(message.mid)) message.unlocked = true
        for (const thread of state.threads) if (thread.lastMessage && mids.has(thread.lastMessage.mid)) thread.lastMessage.unlocked = true
        Object.assign(state.imageViews, views)
      })
      .addCase(loggedOut, () => initialChatState)
  },
})

export const { chatEvent, chatEventsBatched, noticeDismissed } = chatSlice.actions

export const selectThreads = (state: RootState) => chatOf(state).threads
export const selectThreadsStatus = (state: RootState) => chatOf(state).threadsStatus
export const selectActiveMessages = (state: RootState) => chatOf(state).messages
export const selectMessagesStatus = (state: RootState) => chatOf(state).messagesStatus
export const selectHasOlder = (state: RootState) => chatOf(state).hasOlder
export const selectOlderStatus = (state: RootState) => chatOf(state).olderStatus
export const selectConnection = (state: RootState) => chatOf(state).connection
/** Whether the peer (bare jid) is typing to this user now. */
export const selectPeerTyping = (state: RootState, peer: string) => chatOf(state).peerTyping[peer] === true
const UNKNOWN_LAST_SEEN: PeerLastSeen = { state: 'unknown' }
/** The peer's last seen for the header (one stable object while unknown, so selectors stay equal). */
export const selectPeerLastSeen = (state: RootState, peer: string): PeerLastSeen => chatOf(state).peerLastSeen[peer] ?? UNKNOWN_LAST_SEEN
export const selectChatNotice = (state: RootState) => chatOf(state).notice
/** The signed URLs that show the unlocked paid images of the thread, by message id (short-lived, never stored). */
export const selectImageViews = (state: RootState) => chatOf(state).imageViews
export const selectSendLock = (state: RootState, tid: string): SendLockState | undefined => chatOf(state).sendLock[tid]

// Loaded with the signed-in parts (the chat bridge): the slice joins the store then (see app/rootReducer.ts).
rootReducer.inject({ reducerPath: 'chat', reducer: chatSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function chatOf(state: RootState): ChatState {
  return state.chat ?? chatSlice.getInitialState()
}
