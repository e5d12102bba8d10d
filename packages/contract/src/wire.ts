/**
 * The XMPP wire vocabulary shared by the web client (@vchat/xmpp-chat, chat-db, app-core) and the
 * local backend (dev-server components; the Prosody filter module restates the filter names in Lua).
 * Dependency-free: the dev-server imports it as a value so that both sides speak from one
 * definition.
 *
 * A chat message:
 *
 * ```xml
 * <message type="chat" id="{mid}" to="anchor_200001@localhost">
 *   <body>plain text (always present, may be empty)</body>
 *   <payload xmlns="urn:vchat:message:1" type="2" date="1700000000000" nickName="…">{"url":"…"}</payload>
 *   <origin-id xmlns="urn:xmpp:sid:0" id="{mid}"/>          XEP-0359
 *   <markable xmlns="urn:xmpp:chat-markers:0"/>             XEP-0333
 *   <request xmlns="urn:xmpp:receipts"/>                    XEP-0184
 * </message>
 * ```
 *
 * Delivered: `<message type="chat" to="peer"><received xmlns="urn:xmpp:receipts" id="{mid}"/></message>`,
 * sent by the recipient's client once it has stored the message.
 * Read state: `<message type="chat" to="peer"><displayed xmlns="urn:xmpp:chat-markers:0" id="{mid}"/></message>`,
 * sent only while the reader's read-receipt setting is on.
 * Server stamp on incoming text: `<sensitive xmlns="urn:vchat:filter:1" info="10" replacement="***"/>`.
 * Push notice: `<message type="headline"><notice xmlns="urn:vchat:notice:1" from="jid" type="…" avatarUrl="…">content</notice></message>`.
 * GiftBuy: `<iq type="set" to="gift.{domain}"><giftBuy xmlns="urn:vchat:gift:1" to="jid" gift="id" price="50"/></iq>`,
 * answered by `<iq type="result"><giftBuy xmlns="urn:vchat:gift:1" gemsBalance="450"/></iq>` or an iq error.
 * Hub signalling: `<message to="hub.{domain}"><call xmlns="urn:vchat:call:1" action="CallCheck">{json}</call></message>`.
 */

/** Our message payload element: attribute `type` (SPEC §3 number), metadata attributes, JSON attachment as text. */
export const NS_MESSAGE = 'urn:vchat:message:1'
export const PAYLOAD_ELEMENT = 'payload'
/** Attributes of the payload element besides `type` (all optional, strings on the wire). */
export const PAYLOAD_ATTRIBUTES = ['date', 'nickName', 'os', 'pkgName', 'version', 'msgCategory', 'identifyName', 'step'] as const

/** The flags element the messaging server adds to incoming text (never trusted from a client). */
export const NS_FILTER = 'urn:vchat:filter:1'
export const SENSITIVE_ELEMENT = 'sensitive'

/** SPEC §5 sensitive-info bits. */
export const SENSITIVE_DISCARD = 1
export const SENSITIVE_SENSITIVE = 2
export const SENSITIVE_OFFLINE = 4
export const SENSITIVE_PORN = 8

/**
 * A chat message from a blocked account is not delivered: the server bounces it
 * (`<message type="error">` with condition `forbidden`) carrying `<blocked xmlns="urn:vchat:filter:1"/>`.
 */
export const FILTER_ERROR_BLOCKED = 'blocked'

/** Push notices (official, system) sent by the server as headline messages. */
export const NS_NOTICE = 'urn:vchat:notice:1'
export const NOTICE_ELEMENT = 'notice'

/** Gift purchase on gift.{domain}. */
export const NS_GIFT = 'urn:vchat:gift:1'
export const GIFT_BUY_ELEMENT = 'giftBuy'
/** Application error condition inside the iq error when the buyer's gems do not cover the price. */
export const GIFT_ERROR_GEMS_INSUFFICIENT = 'gems-insufficient'

/** Call signalling with hub.{domain}: `<call action="…">{json}</call>`. */
export const NS_CALL = 'urn:vchat:call:1'
export const CALL_ELEMENT = 'call'
/** `CallError {reason}` the hub answers a blocked account's SessionRequest with. */
export const CALL_ERROR_BLOCKED = 'blocked'

/** Standard namespaces used on the wire. */
export const NS_ORIGIN_ID = 'urn:xmpp:sid:0'
export const NS_CHAT_MARKERS = 'urn:xmpp:chat-markers:0'
export const NS_RECEIPTS = 'urn:xmpp:receipts'
export const NS_VCARD = 'vcard-temp'
/** XEP-0012 last activity: how long ago an account was last connected. */
export const NS_LAST_ACTIVITY = 'jabber:iq:last'
export const NS_DELAY = 'urn:xmpp:delay'
export const NS_STANZAS = 'urn:ietf:params:xml:ns:xmpp-stanzas'
export const NS_STREAM_MANAGEMENT = 'urn:xmpp:sm:3'
export const NS_MAM = 'urn:xmpp:mam:2'
export const NS_RSM = 'http://jabber.org/protocol/rsm'
export const NS_FORWARD = 'urn:xmpp:forward:0'
export const NS_DATA_FORMS = 'jabber:x:data'
/** XEP-0085 chat states (typing notifications). */
export const NS_CHAT_STATES = 'http://jabber.org/protocol/chatstates'
/** XEP-0334 message processing hints (`no-store`, `no-permanent-store`). */
export const NS_HINTS = 'urn:xmpp:hints'
/** The XEP-0085 states this product sends and shows: typing, stopped typing, in the conversation. */
export const CHAT_STATES = ['composing', 'paused', 'active'] as const
export type ChatStateName = (typeof CHAT_STATES)[number]

/** SPEC §3 message type numbers. */
export const MessageType = {
  Text: 0,
  Location: 1,
  Image: 2,
  Audio: 3,
  Video: 4,
  System: 5,
  Sticker: 6,
  FriendsRequest: 7,
  VHubCall: 10,
  Gift: 13,
  ShortVideo: 16,
  InviteVideo: 17,
  ManagerText: 18,
  AskGift: 19,
  ImageWithGift: 20,
  OfficialMessage: 21,
  ViolateRule: 22,
  Maintenance: 23,
  QuestionAnswer: 36,
  StoryLineCall: 46,
  AttributionRefresh: 100,
  AddFriendMsg: 401,
} as const
export type MessageType = (typeof MessageType)[keyof typeof MessageType]
