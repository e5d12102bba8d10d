/**
 * The chat state's types, apart from the slices: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 * The chat keeps four store keys, one per slice: `chat` (threads and messages, `chatSlice`),
 * `chatUploads` (`uploadSlice`), `chatPurchases` (gifts and paid images, `purchaseSlice`) and
 * `chatTranslations` (`translationSlice`).
 */
import type { GiftInfo } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'
import type { ChatConnectionState, ChatMessageRecord, ChatThreadSummary } from '../../services/types'

export interface TranslationState {
  status: 'loading' | 'done' | 'failed'
  text: string
}

export interface SendLockState {
  status: 'idle' | 'loading' | 'ready'
  locked: boolean
}

/** An image on its way from the composer: uploading (with progress), or failed with a retry. */
export interface PendingUpload {
  id: string
  tid: string
  /** A local preview (object URL) shown as the thumbnail while uploading; '' once released (failed, view gone). */
  previewUrl: string
  /** 0–1 once the size is known. */
  progress: number | null
  status: 'uploading' | 'failed'
}

/**
 * Why a purchase (gift, paid image) did not go through: not enough gems, the price shown was not the
 * server's (a paid image: nothing charged, the real price is shown for the next tap), or it could not be made.
 */
export type PurchaseError = 'gems' | 'priceChanged' | 'failed'

interface GiftPurchaseState {
  status: 'idle' | 'buying' | 'done' | 'failed'
  giftId: string | null
  error: PurchaseError | null
}

export interface UnlockState {
  status: 'unlocking' | 'done' | 'failed'
  error: PurchaseError | null
  /** The server's price of this image, once it said so (it overrides the message's payPrice). */
  price?: number
}

/**
 * A peer's last seen as the messaging server last told it: online now, last connected `at` (epoch
 * ms, this device's clock), hidden by either account's lastSeen setting, or not known.
 */
export type PeerLastSeen = { state: 'online' } | { state: 'seen'; at: number } | { state: 'hidden' } | { state: 'unknown' }

/** Threads and the open conversation (`chat`): what the messaging service reports, and the header's news. */
export interface ChatState {
  connection: ChatConnectionState
  threadsStatus: LoadStatus
  threads: ChatThreadSummary[]
  activeTid: string | null
  messagesStatus: LoadStatus
  /** Messages of the active thread, oldest first. */
  messages: ChatMessageRecord[]
  /** Whether older messages of the active thread may be stored (the last page read was full). */
  hasOlder: boolean
  /** Paging back through the active thread's history. */
  olderStatus: LoadStatus
  /** send_msg_lock per thread id. */
  sendLock: Record<string, SendLockState>
  /** The newest incoming message not seen (thread not visible), for the in-page notice. */
  notice: { tid: string; nickName: string; content: string } | null
  /** Peers (bare jids) typing to this user now (XEP-0085; the messaging layer ends it on its own). */
  peerTyping: Record<string, true>
  /** Last seen per peer (bare jid), for the conversation header. */
  peerLastSeen: Record<string, PeerLastSeen>
  /**
   * Signed URLs that show unlocked paid images, by message id. Short-lived (the image host's), so
   * kept in memory only: a thread that loads asks for fresh ones (`syncImageUnlocks`).
   */
  imageViews: Record<string, string>
}

/** Photos on their way from the composer (`chatUploads`). */
export interface ChatUploadsState {
  /** Images being uploaded from the composer, oldest first. */
  uploads: PendingUpload[]
}

/** What the user buys in a conversation with gems (`chatPurchases`): gifts and paid images. */
export interface ChatPurchasesState {
  /** The gift list (gift_list), loaded when the gift panel first opens. */
  gifts: { status: LoadStatus; list: GiftInfo[] }
  giftPurchase: GiftPurchaseState
  /** Paid images being or already unlocked in this session, by message id. */
  unlocks: Record<string, UnlockState>
}

/** Translations of messages (`chatTranslations`). */
export interface ChatTranslationsState {
  /** Per message id: its translation (SPEC §5: shown only when show_translate is on). */
  translations: Record<string, TranslationState>
}
