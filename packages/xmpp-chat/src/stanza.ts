import { xml } from '@xmpp/client'
import type {
  AskGiftAttachment,
  CallAttachment,
  ChatMessage,
  GiftAttachment,
  ImageAttachment,
  MessageState,
  PushNotice,
  ShortVideoAttachment,
  StickerAttachment,
  StoryAttachment,
} from './messages.ts'
import type { XmlElement } from './types.ts'
import { MessageType, NOTICE_ELEMENT, CHAT_STATES, NS_CHAT_MARKERS, NS_CHAT_STATES, NS_HINTS, NS_RECEIPTS, NS_DELAY, NS_FILTER, NS_MESSAGE, NS_NOTICE, NS_ORIGIN_ID, PAYLOAD_ATTRIBUTES, PAYLOAD_ELEMENT, SENSITIVE_DISCARD, SENSITIVE_ELEMENT, SENSITIVE_OFFLINE, SENSITIVE_PORN, bareJid } from '@vchat/contract'
import type { ChatStateName } from '@vchat/contract'

/** The thread of a conversation is identified by the other party's bare jid. */
export function threadIdOf(peerJid: string): string {
  return bareJid(peerJid)
}

/** SPEC §4: calls, gift requests and gifts are marked success without waiting for a send result. */
const SUCCESS_WITHOUT_SEND_RESULT: ReadonlySet<number> = new Set([
  MessageType.VHubCall,
  MessageType.StoryLineCall,
  MessageType.Gift,
  MessageType.AskGift,
])

/** The state an outgoing message starts in: `success` for calls, gift requests and gifts, else `sending`. */
export function initialStateOf(type: number): MessageState {
  return SUCCESS_WITHOUT_SEND_RESULT.has(type) ? 'success' : 'sending'
}

// ---- attachments ------------------------------------------------------------------------------

type Json = Record<string, unknown>

function str(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  return Number.isFinite(n) ? n : 0
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1'
}

function toImageAttachment(raw: Json): ImageAttachment {
  return { url: str(raw.url), thumbUrl: str(raw.thumbUrl), payNeed: bool(raw.payNeed), payPrice: num(raw.payPrice) }
}

function toShortVideoAttachment(raw: Json): ShortVideoAttachment {
  return { url: str(raw.url), thumbUrl: str(raw.thumbUrl), duration: num(raw.duration) }
}

function toStickerAttachment(raw: Json): StickerAttachment {
  return { id: str(raw.id), name: str(raw.name), thumbUrl: str(raw.thumbUrl) }
}

function toGiftAttachment(raw: Json): GiftAttachment {
  return {
    id: str(raw.id),
    type: num(raw.type),
    gemsPrice: num(raw.gemsPrice),
    tabId: num(raw.tabId),
    priority: num(raw.priority),
    title: str(raw.title),
    iconUrl: str(raw.iconUrl),
    isActive: bool(raw.isActive),
    showArea: num(raw.showArea),
  }
}

function toAskGiftAttachment(raw: Json): AskGiftAttachment {
  return { giftId: str(raw.giftId), giftPrice: num(raw.giftPrice), isSend: bool(raw.isSend) }
}

function toCallAttachment(raw: Json): CallAttachment {
  return {
    sid: str(raw.sid),
    caller: str(raw.caller),
    callee: str(raw.callee),
    startTime: num(raw.startTime),
    connectingTime: num(raw.connectingTime),
    endTime: num(raw.endTime),
    reason: str(raw.reason),
    rejectType: str(raw.rejectType),
  }
}

function toStoryAttachment(raw: Json): StoryAttachment {
  return { story_id: str(raw.story_id), step: num(raw.step), text: str(raw.text) }
}

/**
 * Normalises a decoded JSON attachment for its message type: known fields with their types
 * (numbers from numeric strings, booleans from 1/'true'), unknown types kept as they came.
 * A story (any type carrying `story_id`) becomes a StoryAttachment.
 */
export function normalizeAttachment(type: number, raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw === null ? undefined : raw
  const object = raw as Json
  switch (type) {
    case MessageType.Image:
    case MessageType.ImageWithGift:
      return toImageAttachment(object)
    case MessageType.ShortVideo:
      return toShortVideoAttachment(object)
    case MessageType.Sticker:
      return toStickerAttachment(object)
    case MessageType.Gift:
      return toGiftAttachment(object)
    case MessageType.AskGift:
      return toAskGiftAttachment(object)
    case MessageType.VHubCall:
      return toCallAttachment(object)
    default:
      return 'story_id' in object ? toStoryAttachment(object) : object
  }
}

// ---- outgoing ---------------------------------------------------------------------------------

/** The `<message type="chat">` for an outgoing message (see wire.ts for the vocabulary). */
export function buildMessageStanza(message: ChatMessage): XmlElement {
  const attrs: Record<string, string | undefined> = { type: String(message.type), date: String(message.date) }
  for (const name of PAYLOAD_ATTRIBUTES) {
    if (name === 'date') continue
    const value = message[name]
    if (value !== undefined && value !== null && value !== '') attrs[name] = String(value)
  }
  const payloadText = message.attachment === undefined ? '' : JSON.stringify(message.attachment)
  const payload = xml(PAYLOAD_ELEMENT, { xmlns: NS_MESSAGE, ...attrs }, ...(payloadText ? [payloadText] : []))
  return xml(
    'message',
    { type: 'chat', id: message.mid, to: message.to },
    xml('body', {}, message.content),
    payload,
    xml('origin-id', { xmlns: NS_ORIGIN_ID, id: message.mid }),
    xml('markable', { xmlns: NS_CHAT_MARKERS }),
    xml('request', { xmlns: NS_RECEIPTS }),
  )
}

/** XEP-0184 delivery receipt: our client has stored the message `mid` from `to`. */
/**
 * XEP-0085 chat state to the peer (typing, stopped typing). Worth nothing later, so it carries
 * XEP-0334 hints: the server neither archives it nor keeps it for an offline recipient.
 */
export function buildChatStateStanza(to: string, state: ChatStateName): XmlElement {
  return xml('message', { type: 'chat', to }, xml(state, { xmlns: NS_CHAT_STATES }), xml('no-store', { xmlns: NS_HINTS }), xml('no-permanent-store', { xmlns: NS_HINTS }))
}

/**
 * One stanza back from its text (`stanza.toString()`), as the client's parser reads it off the stream:
 * how a stanza crosses a boundary that carries only text (another tab of the same browser). Throws on
 * anything that is not exactly one well-formed element.
 */
export function parseStanza(text: string): XmlElement {
  const parser = new xml.Parser()
  const elements: XmlElement[] = []
  let failure: Error | null = null
  parser.on('element', (element) => elements.push(element))
  parser.on('error', (error) => {
    failure ??= error
  })
  // The parser reads a stream: the wrapper is its root, the stanza its one child.
  parser.write(`<wrap>${text}</wrap>`)
  const [element] = elements
  if (failure !== null || elements.length !== 1 || !element) throw new Error('not one stanza')
  return element
}

/**
 * XEP-0184 receipts for the messages `mids` from `to`, one `<received/>` each, in one stanza: a burst
 * of a thousand messages is confirmed with a few stanzas instead of a thousand, each of which the
 * server would route and archive twice while the phone is busiest. A client reading only the first
 * `<received/>` still gets a valid receipt for that one.
 */
export function buildReceivedStanza(to: string, mids: readonly string[], id: string): XmlElement {
  return xml('message', { type: 'chat', to, id }, ...mids.map((mid) => xml('received', { xmlns: NS_RECEIPTS, id: mid })))
}

/** XEP-0333 read marker: everything up to `mid` from `to` was displayed. */
export function buildDisplayedStanza(to: string, mid: string, id: string): XmlElement {
  return xml('message', { type: 'chat', to, id }, xml('displayed', { xmlns: NS_CHAT_MARKERS, id: mid }))
}

// ---- incoming ---------------------------------------------------------------------------------

export type IncomingStanza =
  /** A message to store; `receipt`: the sender asked for a XEP-0184 delivery receipt. */
  | { kind: 'message'; message: ChatMessage; receipt: boolean }
  /** Discarded by the server's flags (SPEC §5: discard and offline). */
  | { kind: 'dropped'; mid: string; reason: 'discard' | 'offline'; sensitiveInfo: number }
  /** Not stored: empty type (SPEC §5), no id, or nothing to show (chat states, receipts…). */
  | { kind: 'ignored'; reason: 'empty-type' | 'no-id' | 'no-content' | 'not-a-message' }
  /** XEP-0333: the peer displayed our message `mid` (and what came before it). */
  | { kind: 'displayed'; mid: string; from: string }
  /** XEP-0184: the peer's client has our messages `mids` (one receipt or several in one stanza). */
  | { kind: 'received'; mids: string[]; from: string }
  /** The server bounced our message `mid` (`type="error"`). */
  | { kind: 'bounced'; mid: string; condition: string }
  /** SPEC §3 push notice. */
  | { kind: 'notice'; notice: PushNotice }
  /** Type 100: the server asks the client to refresh its attribution info; not stored. */
  | { kind: 'attribution-refresh'; mid: string; from: string; attachment: unknown }
  /** XEP-0085: the peer is typing, stopped, or is in the conversation (live only: a delayed one is ignored). */
  | { kind: 'chat-state'; from: string; state: ChatStateName }

export interface ParseOptions {
  /** Own bare jid (the `to` of incoming messages without one). */
  me: string
  /** Clock for messages that carry no date. */
  now: () => number
}

function parseType(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return Number.NaN
  const n = Number(value)
  return Number.isInteger(n) ? n : Number.NaN
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function messageDate(stanza: XmlElement, payload: XmlElement | undefined, now: () => number): number {
  const fromPayload = Number(payload?.attrs.date)
  if (payload?.attrs.date && Number.isFinite(fromPayload)) return fromPayload
  const stamp = stanza.getChild('delay', NS_DELAY)?.attrs.stamp
  const fromDelay = stamp ? Date.parse(stamp) : Number.NaN
  return Number.isFinite(fromDelay) ? fromDelay : now()
}

/** Maps an incoming stanza to what the messenger does with it. Pure. */
export function parseIncoming(stanza: XmlElement, options: ParseOptions): IncomingStanza {
  if (stanza.name !== 'message') return { kind: 'ignored', reason: 'not-a-message' }
  const from = bareJid(stanza.attrs.from ?? '')

  if (stanza.attrs.type === 'error') {
    const error = stanza.getChild('error')
    const condition = error?.children.find((child): child is XmlElement => typeof child !== 'string' && child.name !== 'text')?.name ?? 'unknown'
    return { kind: 'bounced', mid: stanza.attrs.id ?? '', condition }
  }

  const notice = stanza.getChild(NOTICE_ELEMENT, NS_NOTICE)
  if (notice) {
    return {
      kind: 'notice',
      notice: {
        from: bareJid(notice.attrs.from ?? from),
        type: notice.attrs.type ?? '',
        avatarUrl: notice.attrs.avatarUrl ?? '',
        content: notice.text(),
      },
    }
  }

  const displayed = stanza.getChild('displayed', NS_CHAT_MARKERS)
  if (displayed?.attrs.id) return { kind: 'displayed', mid: displayed.attrs.id, from }
  const receipts = stanza.getChildren('received', NS_RECEIPTS).flatMap((received) => (received.attrs.id ? [received.attrs.id] : []))
  if (receipts.length) return { kind: 'received', mids: receipts, from }

  const body = stanza.getChild('body')
  const payload = stanza.getChild(PAYLOAD_ELEMENT, NS_MESSAGE)
  if (!body && !payload) {
    // A chat state alone. One that waited somewhere (offline storage, a replay) says nothing now.
    const state = CHAT_STATES.find((name) => stanza.getChild(name, NS_CHAT_STATES) !== undefined)
    if (state && !stanza.getChild('delay', NS_DELAY)) return { kind: 'chat-state', from, state }
    return { kind: 'ignored', reason: 'no-content' }
  }

  const mid = stanza.getChild('origin-id', NS_ORIGIN_ID)?.attrs.id ?? stanza.attrs.id
  if (!mid) return { kind: 'ignored', reason: 'no-id' }

  // A plain XMPP message (no payload) is text; a payload with an empty or malformed type is empty.
  const type = payload ? parseType(payload.attrs.type) : MessageType.Text
  if (Number.isNaN(type)) return { kind: 'ignored', reason: 'empty-type' }

  const attachment = payload ? normalizeAttachment(type, parseJson(payload.text())) : undefined
  if (type === MessageType.AttributionRefresh) return { kind: 'attribution-refresh', mid, from, attachment }

  let content = body?.text() ?? ''
  let sensitiveInfo: number | undefined
  const sensitive = stanza.getChild(SENSITIVE_ELEMENT, NS_FILTER)
  if (sensitive) {
    const info = Number(sensitive.attrs.info)
    if (Number.isInteger(info) && info > 0) {
      sensitiveInfo = info
      if (info & SENSITIVE_DISCARD) return { kind: 'dropped', mid, reason: 'discard', sensitiveInfo: info }
      if (info & SENSITIVE_OFFLINE) return { kind: 'dropped', mid, reason: 'offline', sensitiveInfo: info }
      if (info & SENSITIVE_PORN) content = sensitive.attrs.replacement ?? ''
    }
  }

  const message: ChatMessage = {
    mid,
    tid: threadIdOf(from),
    date: messageDate(stanza, payload, options.now),
    from,
    to: bareJid(stanza.attrs.to ?? options.me),
    read: false,
    state: 'success',
    type,
    content,
  }
  if (attachment !== undefined) message.attachment = attachment
  if (sensitiveInfo !== undefined) message.sensitiveInfo = sensitiveInfo
  if (payload) {
    for (const name of ['nickName', 'os', 'pkgName', 'version', 'msgCategory', 'identifyName'] as const) {
      const value = payload.attrs[name]
      if (value !== undefined) message[name] = value
    }
    const step = payload.attrs.step
    if (step !== undefined) message.step = /^-?\d+$/.test(step) ? Number(step) : step
  }
  return { kind: 'message', message, receipt: Boolean(stanza.getChild('request', NS_RECEIPTS)) }
}
