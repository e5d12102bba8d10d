import type { ApiClient } from '@vchat/api-client'

/** The product endpoints the people directory calls. */
export const USERS_API_METHODS = ['getUserProfiles'] as const satisfies readonly (keyof ApiClient)[]

export type UsersApiMethod = (typeof USERS_API_METHODS)[number]
