import type { ApiClient } from '@vchat/api-client'

/** The endpoints of the call confirmation: the free calls the server says the user has left. */
export const CALL_API_METHODS = ['getFirstCallInfo', 'getPaidUserFreeCall'] as const satisfies readonly (keyof ApiClient)[]

export type CallApiMethod = (typeof CALL_API_METHODS)[number]
export type CallApi = Pick<ApiClient, CallApiMethod>
