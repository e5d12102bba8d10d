import { MessageType } from '@vchat/contract'
import type { ChatMessageRecord } from '../../services/types'


export type MessageKind =
  | 'text'
  | 'image'
  | 'sticker'
  | 'gift'
  | 'askGift'
  | 'shortVideo'
  | 'call'
  | 'notice'
  | 'unsupported'

/** How a message is drawn. Notices are official and system messages (violate_rule, maintenance, manager_text…). */
export function kindOf(message: Pick<ChatMessageRecord, 'type'>): MessageKind {
  switch (message.type) {
    case MessageType.Text:
    case MessageType.StoryLineCall:
      return 'text'
    case MessageType.Image:
    case MessageType.ImageWithGift:
      return 'image'
    case MessageType.Sticker:
      return 'sticker'
    case MessageType.Gift:
      return 'gift'
    case MessageType.AskGift:
      return 'askGift'
    case MessageType.ShortVideo:
      return 'shortVideo'
    case MessageType.VHubCall:
      return 'call'
    case MessageType.System:
    case MessageType.ManagerText:
    case MessageType.OfficialMessage:
    case MessageType.ViolateRule:
    case MessageType.Maintenance:
      return 'notice'
    default:
      return 'unsupported'
  }
}

/** A field of an attachment, read defensively (attachments come from the network). */
function field(attachment: unknown, name: string): unknown {
  return attachment && typeof attachment === 'object' ? (attachment as Record<string, unknown>)[name] : undefined
}

export function stringField(attachment: unknown, name: string): string {
  const value = field(attachment, name)
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

export function numberField(attachment: unknown, name: string): number {
  const value = Number(field(attachment, name))
  return Number.isFinite(value) ? value : 0
}

/** Only http(s) and same-origin paths may become an image or video source (never javascript: or data:). */
export function safeMediaUrl(url: string): string | null {
  if (!url) return null
  if (url.startsWith('/') && !url.startsWith('//')) return url
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

export function isOutgoing(message: Pick<ChatMessageRecord, 'from'>, me: string): boolean {
  return message.from === me
}


/** What a call record (type 10) says: answered with a duration, declined, or missed. */
export type CallOutcome = { kind: 'answered'; seconds: number } | { kind: 'declined' } | { kind: 'missed' }

const DECLINE_REASONS = new Set(['reject', 'rejected', 'decline', 'declined', 'refuse', 'refused', 'busy'])

export function callOutcome(attachment: unknown): CallOutcome {
  const reason = stringField(attachment, 'reason').toLowerCase()
  if (stringField(attachment, 'rejectType') || DECLINE_REASONS.has(reason)) return { kind: 'declined' }
  const connected = numberField(attachment, 'connectingTime') || numberField(attachment, 'startTime')
  const end = numberField(attachment, 'endTime')
  if (connected > 0 && end > connected) return { kind: 'answered', seconds: Math.round((end - connected) / 1000) }
  return { kind: 'missed' }
}

/** m:ss (or h:mm:ss) of a call's length; digits only, so no translation is needed. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

export type ImageCheck = { ok: true } | { ok: false; reason: 'type' | 'size' | 'empty' }

/** The composer's check before an upload: one of the image host's formats, not empty, at most 5 MB. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>, types: readonly string[], maxBytes: number): ImageCheck {
  if (!types.includes(file.type)) return { ok: false, reason: 'type' }
  if (file.size === 0) return { ok: false, reason: 'empty' }
  if (file.size > maxBytes) return { ok: false, reason: 'size' }
  return { ok: true }
}
