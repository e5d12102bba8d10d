/** Message entities of SPEC §3 as the messaging layer sees them. */
import type { GiftInfo } from '@vchat/contract'

/**
 * A chat message (SPEC §3) and where it stands: the contract's entity, the row `@vchat/chat-db`
 * stores. `outbox` is true while the message waits for the server's acknowledgement (see the README's
 * outbox section).
 */
export type { ChatMessage, MessageState } from '@vchat/contract'

/** SPEC §3 image attachment (types 2 image and 20 image_with_gift). */
export interface ImageAttachment {
  url: string
  thumbUrl: string
  /** The image is locked until bought with gems. */
  payNeed: boolean
  /** Gems to unlock. */
  payPrice: number
}

/** Type 16 short_video. */
export interface ShortVideoAttachment {
  url: string
  thumbUrl: string
  /** Seconds. */
  duration: number
}

/** Type 6 sticker. */
export interface StickerAttachment {
  id: string
  name: string
  thumbUrl: string
}

/** Type 13 gift: the gift as the catalogue lists it (the contract's GiftInfo). */
export type GiftAttachment = GiftInfo

/** Type 19 ask_gift: the host asks for a gift; `isSend` once the user bought it. */
export interface AskGiftAttachment {
  giftId: string
  giftPrice: number
  isSend: boolean
}

/** Type 10 v_hub_call: a call record inside the thread (times in ms since the epoch). */
export interface CallAttachment {
  sid: string
  caller: string
  callee: string
  startTime: number
  connectingTime: number
  endTime: number
  reason: string
  rejectType: string
}

/** Story messages (type 46 story_line_call and story lines in text): SPEC §3 story_id, step, text. */
export interface StoryAttachment {
  story_id: string
  step: number
  text: string
}

/** SPEC §3 push notice message. */
export interface PushNotice {
  /** jid of the sender (official account, system). */
  from: string
  type: string
  avatarUrl: string
  content: string
}
