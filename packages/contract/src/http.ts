/**
 * @vchat/contract/http — the HTTP part of the contract alone (types, the endpoint table, constants),
 * for @vchat/api-client to re-export without the XMPP vocabulary.
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
