/**
 * The sticker set the composer offers. The product API has no sticker endpoint (SPEC §7 lists none), so
 * the set is bundled with the app: each sticker is an emoji, which needs no image download. A sticker
 * message carries SPEC §3's sticker attachment (id, name = the emoji, thumbUrl empty); the thread
 * draws a sticker with a thumbUrl as an image and one without as its emoji.
 */
export interface BundledSticker {
  id: string
  /** The emoji shown (and the sticker's name in messages). */
  emoji: string
}

export const BUNDLED_STICKERS: readonly BundledSticker[] = [
  { id: 'wave', emoji: '👋' },
  { id: 'smile', emoji: '😊' },
  { id: 'laugh', emoji: '😂' },
  { id: 'love', emoji: '😍' },
  { id: 'kiss', emoji: '😘' },
  { id: 'wink', emoji: '😉' },
  { id: 'shy', emoji: '🙈' },
  { id: 'hug', emoji: '🤗' },
  { id: 'heart', emoji: '❤️' },
  { id: 'fire', emoji: '🔥' },
  { id: 'rose', emoji: '🌹' },
  { id: 'thumbs', emoji: '👍' },
]

/** SPEC §3 sticker attachment of a bundled sticker. */
export function stickerAttachment(sticker: BundledSticker): { id: string; name: string; thumbUrl: string } {
  return { id: `bundled:${sticker.id}`, name: sticker.emoji, thumbUrl: '' }
}
