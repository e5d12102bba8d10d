import { createSlice, current, isDraft, original } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import type { GiftInfo } from '@vchat/api-client'
import { CHAT_PAGE_SIZE, DAY_MS } from '../../constants'
import type { ChatEvent, ChatGiftError, ChatMessageRecord, ChatService } from '../../services/types'
import { gemsBalanceChanged, loadAccount } from '../account/accountSlice'
import { loggedOut } from '../auth/authActions'
import { officialJidOf, receiptTracking, replyTracking } from './chatTracking'
import { MessageType } from '@vchat/contract'
import { isPaymentRoute } from '../auth/authSlice'
import { selectMessageRetentionDays, selectSendReadReceipts } from '../settings/settingsSlice'
import { createUploadPreview, releaseUploadPreview } from './uploadPreviews'
import type { ChatState, PeerLastSeen, PurchaseError, SendLockState, TranslationState, UnlockState } from './chatState'
export type { ChatState, GiftPurchaseState, PeerLastSeen, PendingUpload, PurchaseError, SendLockState, TranslationState, UnlockState } from './chatState'

export type { LoadStatus } from '../../app/loadStatus'

export const initialChatState: ChatState = {
  connection: 'idle',
  threadsStatus: 'idle',
  threads: [],
  activeTid: null,
  messagesStatus: 'idle',
  messages: [],
  hasOlder: false,
  olderStatus: 'idle',
  translations: {},
  sendLock: {},
  notice: null,
  gifts: { status: 'idle', list: [] },
  giftPurchase: { status: 'idle', giftId: null, error: null },
  peerTyping: {},
  peerLastSeen: {},
  uploads: [],
  unlocks: {},
}

/** At most this many URLs per unlocked_images question (the newest page of a thread holds fewer). */
const UNLOCKED_IMAGES_MAX_URLS = 50

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Messaging login for a session restored from storage (the login flow runs it after a sign-in):
 * skipped on payment routes, when nobody is signed in, or when messaging already runs for this user.
 * A failure is only logged (SPEC §8).
 */
export const connectMessaging = createAppAsyncThunk('chat/connect', async (pathname: string, { extra, getState }) => {
  const user = getState().auth.user
  if (!user || isPaymentRoute(pathname) || extra.chat.jid === user.jid) return
  trackReceipts(extra.chat, extra.analytics, () => {
    const current = getState().auth
    return current.user ? { me: current.user.jid, officialJid: officialJidOf(current.componentInfo?.helpDomain, current.user.jid) } : null
  })
  try {
    await extra.chat.login({
      uid: user.uid,
      jid: user.jid,
      vcToken: user.vcToken,
      getToken: () => getState().auth.user?.vcToken ?? null,
      componentInfo: getState().auth.componentInfo,
    })
  } catch (error) {
    extra.logger.warn('messaging login failed', { reason: errorMessage(error) })
  }
})

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

/** A received paid image not (yet) marked unlocked, with the URL the server knows it by. */
function lockedImageUrl(message: ChatMessageRecord, me: string): string | null {
  if (message.unlocked === true || message.from === me) return null
  const attachment = message.attachment as { payNeed?: unknown; url?: unknown } | undefined
  return attachment?.payNeed && typeof attachment.url === 'string' && attachment.url ? attachment.url : null
}

/**
 * When a thread loads, asks the server which of its still-locked paid images this user has already
 * unlocked (unlocked_images: read only, nothing charged) — e.g. on another device, or before the local
 * database was cleared — and marks those unlocked, on the stored message too. A failure leaves them locked
 * (unlocking again is free server-side).
 */
export const syncImageUnlocks = createAppAsyncThunk<string[], readonly ChatMessageRecord[]>('chat/syncImageUnlocks', async (messages, { extra, getState }) => {
  const me = getState().auth.user?.jid ?? ''
  const byUrl = new Map<string, string[]>()
  for (const message of messages) {
    const url = lockedImageUrl(message, me)
    if (url) byUrl.set(url, [...(byUrl.get(url) ?? []), message.mid])
  }
  if (byUrl.size === 0) return []
  let urls: string[]
  try {
    urls = (await extra.api.getUnlockedImages({ urls: [...byUrl.keys()].slice(0, UNLOCKED_IMAGES_MAX_URLS) })).urls
  } catch (error) {
    extra.logger.warn('unlocked images check failed', { reason: errorMessage(error) })
    return []
  }
  const mids = urls.flatMap((url) => byUrl.get(url) ?? [])
  for (const mid of mids) {
    try {
      await extra.chat.markImageUnlocked(mid)
    } catch (error) {
      extra.logger.warn('image unlock not saved', { reason: errorMessage(error) })
    }
  }
  return mids
})

/**
 * The page of the active thread before its oldest message shown (scrolling back through history).
 * Skipped while a page is loading, when the start of the thread is known to be shown, or when the
 * thread changed meanwhile (the answer is then dropped).
 */
export const loadOlderMessages = createAppAsyncThunk(
  'chat/loadOlder',
  async (tid: string, { extra, getState, dispatch }) => {
    const oldest = chatOf(getState()).messages[0]
    if (!oldest) return []
    const messages = await extra.chat.loadOlder(tid, { date: oldest.date, mid: oldest.mid }, CHAT_PAGE_SIZE)
    void dispatch(syncImageUnlocks(messages))
    return messages
  },
  {
    condition: (tid, { getState }) => {
      const chat = chatOf(getState())
      return chat.activeTid === tid && chat.messagesStatus === 'ready' && chat.hasOlder && chat.olderStatus !== 'loading'
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

const receiptTracked = new WeakSet<ChatService>()

/**
 * Counts incoming messages for analytics (`chat_receive`), once per messaging service; messages from
 * the official help account are not counted (SPEC §5).
 */
function trackReceipts(
  chat: ChatService,
  analytics: { track(event: string, properties?: Record<string, unknown>): void },
  who: () => { me: string; officialJid: string } | null,
) {
  if (receiptTracked.has(chat)) return
  receiptTracked.add(chat)
  chat.subscribe((event) => {
    const current = who()
    if (event.kind !== 'message' || !current) return
    const properties = receiptTracking(event.message, current.me, current.officialJid)
    if (properties) analytics.track('chat_receive', properties)
  })
}

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
    const chat = chatOf(state)
    const history = chat.activeTid === input.to ? chat.messages.filter((m) => m.tid === input.to) : []
    const last = chat.threads.find((t) => t.tid === input.to)?.lastMessage
    const reply = replyTracking(last ? [...history, last] : history, me, officialJidOf(state.auth.componentInfo?.helpDomain, me), extra.clock.now())
    const message = await extra.chat.send(input)
    extra.analytics.track('chat_send', { type: message.type, reply: reply.reply })
    if (reply.reply) extra.analytics.track('chat_reply', { type: message.type, replyAfterMs: reply.replyAfterMs })
    return message
  },
)

/** The gift list for the gift panel. */
export const loadGifts = createAppAsyncThunk('chat/loadGifts', async (_: void, { extra }) => {
  const answer = await extra.api.getGiftList()
  return answer.list.filter((gift) => gift.isActive).sort((a, b) => a.priority - b.priority)
})

/**
 * Buys a gift with gems (GiftBuy to gift.<domain>) and sends the gift message. Not enough gems (known
 * balance, or the component's answer) rejects with 'gems' before anything is charged; any other
 * failure with 'failed' ('xmpp send iq error'). The balance is updated from the component's answer.
 */
export const buyGift = createAppAsyncThunk<void, { to: string; gift: GiftInfo; askGiftMid?: string }, { rejectValue: PurchaseError }>(
  'chat/buyGift',
  async ({ to, gift, askGiftMid }, { extra, getState, dispatch, rejectWithValue }) => {
    const balance = getState().account.gemsBalance
    if (balance !== null && balance < gift.gemsPrice) return rejectWithValue('gems')
    let result: { gemsBalance: number | undefined }
    try {
      result = await extra.chat.buyGift({ to, gift: gift.id, price: gift.gemsPrice, ...(askGiftMid ? { askGiftMid } : {}) })
    } catch (error) {
      const failure = error as ChatGiftError
      extra.logger.warn('gift purchase failed', { reason: failure.message })
      return rejectWithValue(failure.gemsInsufficient ? 'gems' : 'failed')
    }
    if (result.gemsBalance !== undefined) dispatch(gemsBalanceChanged(result.gemsBalance))
    else void dispatch(loadAccount())
    extra.analytics.track('gift_send', { gift: gift.id, price: gift.gemsPrice, asked: Boolean(askGiftMid) })
    await dispatch(sendMessage({ to, content: '', type: MessageType.Gift, attachment: { ...gift } }))
  },
)

/**
 * Unlocks a paid image for its price; 'gems' when the gems do not cover it (nothing charged). The
 * unlock is saved on the stored message (chat-db `unlocked`), so a reload or another tab shows the
 * image unlocked; should saving fail, it stays unlocked for this session and the server, which keeps
 * the unlock, answers the next unlock free.
 */
export const unlockImage = createAppAsyncThunk<string, { mid: string; url: string; anchorJid: string; price: number }, { rejectValue: PurchaseError }>(
  'chat/unlockImage',
  async ({ mid, url, anchorJid, price: shown }, { extra, getState, dispatch, rejectWithValue }) => {
    // The price the bubble showed: the server's, once it has corrected the message's.
    const price = chatOf(getState()).unlocks[mid]?.price ?? shown
    const balance = getState().account.gemsBalance
    if (balance !== null && balance < price) return rejectWithValue('gems')
    let answer: Awaited<ReturnType<typeof extra.api.unlockImage>>
    try {
      answer = await extra.api.unlockImage({ url, anchorJid, price })
    } catch (error) {
      extra.logger.warn('image unlock failed', { reason: errorMessage(error) })
      return rejectWithValue('failed')
    }
    dispatch(gemsBalanceChanged(answer.gemsBalance))
    if (answer.reason === 'price_changed') {
      dispatch(unlockPriceLearned({ mid, price: answer.price }))
      return rejectWithValue('priceChanged')
    }
    if (!answer.unlocked) return rejectWithValue('gems')
    extra.analytics.track('image_unlock', { price })
    try {
      await extra.chat.markImageUnlocked(mid)
    } catch (error) {
      extra.logger.warn('image unlock not saved', { reason: errorMessage(error) })
    }
    return answer.url
  },
)

/** Files of uploads in progress or failed (kept out of the store: a File is not serialisable). */
const uploadFiles = new Map<string, File>()
let uploadCounter = 0

/**
 * Uploads an image from the composer (progress shown on a local thumbnail), then sends the image
 * message. A failed upload stays with a retry; `id` retries an earlier one. The thumbnail is an object
 * URL made here and revoked when the upload ends either way (see uploadPreviews.ts); a retry makes a
 * new one from the kept file.
 */
export const sendImage = createAppAsyncThunk(
  'chat/sendImage',
  async (input: { to: string; file?: File; id?: string }, { extra, dispatch }) => {
    let id = input.id
    if (!id) {
      if (!input.file) return
      uploadCounter += 1
      id = `upload-${uploadCounter}`
      uploadFiles.set(id, input.file)
      dispatch(chatSlice.actions.uploadStarted({ id, tid: input.to, previewUrl: createUploadPreview(id, input.file) }))
    } else {
      const kept = uploadFiles.get(id)
      if (!kept) return
      dispatch(chatSlice.actions.uploadRetried({ id, previewUrl: createUploadPreview(id, kept) }))
    }
    const file = uploadFiles.get(id)
    if (!file) return
    const uploadId = id
    try {
      const { url } = await extra.api.uploadImage({
        file,
        fileName: file.name,
        onProgress: ({ progress }) => dispatch(chatSlice.actions.uploadProgressed({ id: uploadId, progress: progress ?? null })),
      })
      await dispatch(sendMessage({ to: input.to, content: '', type: MessageType.Image, attachment: { url, thumbUrl: url, payNeed: false, payPrice: 0 } }))
      uploadFiles.delete(uploadId)
      // The sent message (with the image host's URL) is in the thread now: the local preview can go.
      dispatch(chatSlice.actions.uploadFinished(uploadId))
      releaseUploadPreview(uploadId)
    } catch (error) {
      extra.logger.warn('image upload failed', { reason: errorMessage(error) })
      dispatch(chatSlice.actions.uploadFailed(uploadId))
      releaseUploadPreview(uploadId)
    }
  },
)

/** Drops a failed upload (its file and preview). */
export const discardUpload = createAppAsyncThunk('chat/discardUpload', async (id: string, { dispatch }) => {
  uploadFiles.delete(id)
  dispatch(chatSlice.actions.uploadFinished(id))
  releaseUploadPreview(id)
})

/**
 * The chat view holding the composer goes away: the previews of its thread's uploads are revoked (an
 * upload still running carries on and shows without a thumbnail when the thread is opened again).
 */
export const releaseUploadPreviews = createAppAsyncThunk('chat/releaseUploadPreviews', async (tid: string, { getState, dispatch }) => {
  for (const upload of chatOf(getState()).uploads) {
    if (upload.tid !== tid) continue
    releaseUploadPreview(upload.id)
    if (upload.previewUrl) dispatch(chatSlice.actions.uploadPreviewReleased(upload.id))
  }
})

export const retryMessage = createAppAsyncThunk('chat/retry', async (mid: string, { extra }) => {
  await extra.chat.retry(mid)
})

/** SPEC §5: translation of one message; a failure shows the original text. */
export const translateMessage = createAppAsyncThunk(
  'chat/translate',
  async ({ content, targetLang }: { mid: string; content: string; targetLang: string }, { extra }) => {
    try {
      const answer = await extra.api.translate({ targetLang, sourceText: content })
      return { text: answer.translatedText, failed: false }
    } catch {
      return { text: content, failed: true }
    }
  },
)

/** Whether the signed-in user may send to this peer (send_msg_lock). Paid users are never locked. */
export const checkSendLock = createAppAsyncThunk('chat/sendLock', async ({ peerJid }: { tid: string; peerJid: string }, { extra, getState }) => {
  if (getState().account.paid) return false
  try {
    const answer = await extra.api.getSendMsgLock({ targetJid: peerJid })
    return answer.locked
  } catch (error) {
    extra.logger.warn('send_msg_lock failed', { reason: errorMessage(error) })
    return false
  }
})

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
    unlockPriceLearned(state, action: PayloadAction<{ mid: string; price: number }>) {
      const { mid, price } = action.payload
      state.unlocks[mid] = { ...(state.unlocks[mid] ?? { status: 'failed', error: null }), price }
    },
    uploadStarted(state, action: PayloadAction<{ id: string; tid: string; previewUrl: string }>) {
      state.uploads.push({ ...action.payload, progress: null, status: 'uploading' })
    },
    uploadProgressed(state, action: PayloadAction<{ id: string; progress: number | null }>) {
      const upload = state.uploads.find((u) => u.id === action.payload.id)
      if (upload) upload.progress = action.payload.progress
    },
    uploadRetried(state, action: PayloadAction<{ id: string; previewUrl: string }>) {
      const upload = state.uploads.find((u) => u.id === action.payload.id)
      if (upload) Object.assign(upload, { status: 'uploading', progress: null, previewUrl: action.payload.previewUrl })
    },
    uploadFailed(state, action: PayloadAction<string>) {
      const upload = state.uploads.find((u) => u.id === action.payload)
      if (upload) Object.assign(upload, { status: 'failed', previewUrl: '' })
    },
    uploadPreviewReleased(state, action: PayloadAction<string>) {
      const upload = state.uploads.find((u) => u.id === action.payload)
      if (upload) upload.previewUrl = ''
    },
    uploadFinished(state, action: PayloadAction<string>) {
      state.uploads = state.uploads.filter((u) => u.id !== action.payload)
    },
    giftPurchaseReset(state) {
      state.giftPurchase = initialChatState.giftPurchase
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
      .addCase(translateMessage.pending, (state, action) => {
        state.translations[action.meta.arg.mid] = { status: 'loading', text: '' }
      })
      .addCase(translateMessage.fulfilled, (state, action) => {
        state.translations[action.meta.arg.mid] = { status: action.payload.failed ? 'failed' : 'done', text: action.payload.text }
      })
      .addCase(checkSendLock.pending, (state, action) => {
        state.sendLock[action.meta.arg.tid] = { status: 'loading', locked: state.sendLock[action.meta.arg.tid]?.locked ?? false }
      })
      .addCase(checkSendLock.fulfilled, (state, action) => {
        state.sendLock[action.meta.arg.tid] = { status: 'ready', locked: action.payload }
      })
      .addCase(loadGifts.pending, (state) => {
        if (state.gifts.status !== 'ready') state.gifts.status = 'loading'
      })
      .addCase(loadGifts.fulfilled, (state, action) => {
        state.gifts = { status: 'ready', list: action.payload }
      })
      .addCase(loadGifts.rejected, (state) => {
        if (state.gifts.status !== 'ready') state.gifts.status = 'failed'
      })
      .addCase(buyGift.pending, (state, action) => {
        state.giftPurchase = { status: 'buying', giftId: action.meta.arg.gift.id, error: null }
      })
      .addCase(buyGift.fulfilled, (state, action) => {
        state.giftPurchase = { status: 'done', giftId: action.meta.arg.gift.id, error: null }
      })
      .addCase(buyGift.rejected, (state, action) => {
        state.giftPurchase = { status: 'failed', giftId: action.meta.arg.gift.id, error: action.payload ?? 'failed' }
      })
      .addCase(unlockImage.pending, (state, action) => {
        const known = state.unlocks[action.meta.arg.mid]?.price
        state.unlocks[action.meta.arg.mid] = { status: 'unlocking', error: null, ...(known === undefined ? {} : { price: known }) }
      })
      .addCase(unlockImage.fulfilled, (state, action) => {
        const { mid } = action.meta.arg
        state.unlocks[mid] = { ...state.unlocks[mid], status: 'done', error: null }
        const message = state.messages.find((m) => m.mid === mid)
        if (message) message.unlocked = true
        for (const thread of state.threads) if (thread.lastMessage?.mid === mid) thread.lastMessage.unlocked = true
      })
      .addCase(syncImageUnlocks.fulfilled, (state, action) => {
        const mids = new Set(action.payload)
        if (mids.size === 0) return
        for (const message of state.messages) if (mids.has(message.mid)) message.unlocked = true
        for (const thread of state.threads) if (thread.lastMessage && mids.has(thread.lastMessage.mid)) thread.lastMessage.unlocked = true
      })
      .addCase(unlockImage.rejected, (state, action) => {
        state.unlocks[action.meta.arg.mid] = { ...state.unlocks[action.meta.arg.mid], status: 'failed', error: action.payload ?? 'failed' }
      })
      .addCase(loggedOut, () => initialChatState)
  },
})

export const { chatEvent, chatEventsBatched, noticeDismissed, giftPurchaseReset, unlockPriceLearned } = chatSlice.actions

export const selectChat = (state: RootState): ChatState => chatOf(state)
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
export const selectTranslations = (state: RootState): Record<string, TranslationState> => chatOf(state).translations
export const selectSendLock = (state: RootState, tid: string): SendLockState | undefined => chatOf(state).sendLock[tid]
export const selectGifts = (state: RootState) => chatOf(state).gifts
export const selectGiftPurchase = (state: RootState) => chatOf(state).giftPurchase
export const selectUploads = (state: RootState) => chatOf(state).uploads
export const selectUnlocks = (state: RootState): Record<string, UnlockState> => chatOf(state).unlocks
export { selectUnreadTotal } from './unreadTotal'
/**
 * SPEC §5: translation is shown only when show_translate is 'on' (default on). Read structurally so
 * this works whether or not the settings screen's state is present.
 */
export const selectShowTranslate = (state: RootState): boolean =>
  (state as unknown as { settings?: { values?: { show_translate?: string } } }).settings?.values?.show_translate !== 'off'

// Loaded with the first screen that needs it: the slice joins the store then (see app/store.ts).
rootReducer.inject({ reducerPath: 'chat', reducer: chatSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function chatOf(state: RootState): ChatState {
  return state.chat ?? chatSlice.getInitialState()
}
