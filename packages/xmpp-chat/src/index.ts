export { createChatSession } from './createChatSession.ts'
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
  XmlChild,
  XmlElement,
  XmppClientLike,
  XmppClientOptions,
} from './types.ts'
