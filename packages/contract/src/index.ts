/**
 * @vchat/contract — the product's vocabulary, zod-free: what browser code imports. The HTTP API
 * (types, the endpoint table's names, paths and auth, its constants), the XMPP wire vocabulary
 * (namespaces, message type numbers, sensitive-info bits), the chat message entity and the jid rules. The zod schemas of the
 * HTTP endpoints are behind `@vchat/contract/schemas`.
 */
export * from './http.ts'
export * from './wire.ts'
export * from './message.ts'
export * from './jid.ts'
export * from './cards.ts'
export * from './limits.ts'
