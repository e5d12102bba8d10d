/** Where a piece of server data stands in a slice: not asked yet, on its way, here, or failed. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed'
