import type {
  AccountInfo,
  AccountRequest,
  ConfigInfo,
  LoginRequest,
  LoginResponse,
  MaintenanceStatusResponse,
  UserPwdLoginRequest,
} from './contract'

/**
 * One product endpoint: its path, and (as phantom types) what the caller passes and what the call
 * resolves with. Endpoints whose body the client fixes (`fixedData`) take no argument besides options.
 */
export interface EndpointDefinition<TParams, TResponse> {
  readonly path: string
  /** The data sent for endpoints whose body is fixed, e.g. account `{ action: 1 }`. */
  readonly fixedData?: object
  /** Type carrier only; never set. */
  readonly types?: { params: TParams; response: TResponse }
}

/** An endpoint whose data the caller supplies. */
export function endpoint<TParams extends object, TResponse>(
  path: string,
): EndpointDefinition<TParams, TResponse> {
  return { path }
}

/** An endpoint whose data is fixed by the client; the method takes only options. */
export function fixedEndpoint<TResponse>(
  path: string,
  fixedData: object = {},
): EndpointDefinition<void, TResponse> {
  return { path, fixedData }
}

/**
 * The product API, one row per endpoint (SPEC §7). To add an endpoint: add its request/response
 * types to contract.ts and a row here; `ApiClient` gets the typed method automatically.
 */
export const endpoints = {
  userPwdLogin: endpoint<UserPwdLoginRequest, LoginResponse>('/api/login_service/user_pwd_login'),
  login: endpoint<LoginRequest, LoginResponse>('/api/login_service/login'),
  logout: fixedEndpoint<null>('/api/login_service/logout'),
  getAccount: fixedEndpoint<AccountInfo>('/api/account_service/account', {
    action: 1,
  } satisfies AccountRequest),
  getConfig: fixedEndpoint<ConfigInfo>('/api/account_service/combine_info'),
  getMaintenanceStatus: fixedEndpoint<MaintenanceStatusResponse>(
    '/api/system_maintenance/maintenance_status',
  ),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
