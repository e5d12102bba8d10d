import type { ApiClient } from '@vchat/api-client'

/**
 * The call's endpoints: the free calls the server says the user has left (the confirmation), and the
 * end screen's rating and report.
 */
export const CALL_API_METHODS = ['getFirstCallInfo', 'getPaidUserFreeCall', 'rateCall', 'reportUser'] as const satisfies readonly (keyof ApiClient)[]

export type CallApiMethod = (typeof CALL_API_METHODS)[number]
export type CallApi = Pick<ApiClient, CallApiMethod>
