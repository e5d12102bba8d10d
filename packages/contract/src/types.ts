/**
 * The product API's types: what every request carries and what every endpoint answers, shared by the
 * client (@vchat/api-client), the local backend (apps/dev-server) and the app. SPEC §3 and §7 are the
 * source; where the spec says "not shown" the shape here is our design and is documented in the
 * api-client README. The zod schemas in schemas/<service>.ts are checked to match each type exactly.
 */
export * from './types/base.ts'
export * from './types/account.ts'
export * from './types/anchors.ts'
export * from './types/common.ts'
export * from './types/friends.ts'
export * from './types/payment.ts'
