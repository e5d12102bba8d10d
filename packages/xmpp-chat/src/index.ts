/// <reference path="./xmpp-client.d.ts" />
// ^ @xmpp/client ships no types: consumers compiling this package from source need our declarations too.
export { createChatSession } from './createChatSession.ts'
export { createMessenger } from './messenger.ts'
export { xml } from './xml.ts'
export { ArchiveError, archivedMessages, archivedReads, buildArchiveQuery, queryArchive } from './archive.ts'
export type { ArchiveReads, ArchivedMessage, ArchivePage, ArchiveQuery, ThreadHistoryPage } from './archive.ts'
export type { MessageOrigin, MessageStore, Messenger, MessengerOptions, OutgoingMessage, ReadOptions } from './messenger.ts'
export {
  buildChatStateStanza,
  buildDisplayedStanza,
  buildMessageStanza,
  buildReceivedStanza,
  initialStateOf,
  normalizeAttachment,
  parseIncoming,
  parseStanza,
  threadIdOf,
} from './stanza.ts'
export type { IncomingStanza, ParseOptions } from './stanza.ts'
export { buildGiftBuyIq, buyGift, getLastActivity, getVCard, parseVCard } from './iq.ts'
export type { GiftBuyRequest, GiftBuyResult, LastActivity, UserCard } from './iq.ts'
export type {
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
export * from './wire.ts'
export * from './constants.ts'
export type {
  Authenticate,
  ChatCredentials,
  ChatSession,
  ChatSessionOptions,
  ClientFactory,
  ConnectionState,
  EmitterLike,
  XmppEventListener,
  ReadyEvent,
  SessionTimers,
  XmlAttributes,
  XmlChild,
  XmlElement,
  XmppClientLike,
  XmppClientOptions,
} from './types.ts'
export { buildHubCallStanza, createHubTransport, parseHubCall } from './hub.ts'
export { PEER_TYPING_TIMEOUT_MS, TYPING_PAUSE_MS, TYPING_REFRESH_MS, createTypingTracker } from './typing.ts'
export type { TypingTimers, TypingTracker, TypingTrackerOptions } from './typing.ts'
export type { HubCall, HubTransport } from './hub.ts'
