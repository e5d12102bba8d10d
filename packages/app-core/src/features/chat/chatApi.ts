import type { ApiClient } from '@vchat/api-client'

/** The product endpoints the messages screens call (SPEC §7). */
export const CHAT_API_METHODS = ['translate', 'getSendMsgLock', 'triggerAutoMessage', 'getGiftList', 'unlockImage', 'getUnlockedImages'] as const satisfies readonly (keyof ApiClient)[]

export type ChatApiMethod = (typeof CHAT_API_METHODS)[number]
export type ChatApi = Pick<ApiClient, ChatApiMethod>

