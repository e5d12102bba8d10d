import type { ApiClient } from '@vchat/api-client'

/** The endpoint of the video history (/callrecord): the hub's call records, by cursor. */
export const CALL_RECORD_API_METHODS = ['getCallRecords'] as const satisfies readonly (keyof ApiClient)[]

export type CallRecordApiMethod = (typeof CALL_RECORD_API_METHODS)[number]
export type CallRecordApi = Pick<ApiClient, CallRecordApiMethod>
