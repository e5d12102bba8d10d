/**
 * @vchat/contract — the product's vocabulary, zod-free: what browser code imports (types, the
 * endpoint table's names, paths and auth, and the constants of the contract). The zod schemas of the
 * HTTP endpoints are behind `@vchat/contract/schemas`.
 */
export * from './types.ts'
export {
  endpoint,
  endpoints,
  fixedEndpoint,
  PUBLIC_HOSTS_LIMIT,
  PUBLIC_HOSTS_PATH,
  type EmptyData,
  type EndpointDefinition,
  type EndpointName,
  type Endpoints,
} from './endpoints.ts'
