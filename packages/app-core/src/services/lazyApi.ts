import { DISCOVER_API_METHODS, forwardLazy } from '../features/discover/discoverApi'
import { CHAT_API_METHODS } from '../features/chat/chatApi'
import { WALLET_API_METHODS } from '../features/wallet/walletApi'
import { CALL_RECORD_API_METHODS } from '../features/callrecord/callRecordApi'
import { USERS_API_METHODS } from '../features/users/usersApi'
import { CALL_API_METHODS } from '../features/call/callApi'
import type { ProductApiService } from './types'

/** Loads the real API client; called with the first server call. */
export type ApiLoader = () => Promise<ProductApiService>

/**
 * The product API as a lazy facade: nothing of the HTTP stack (axios, qs, the envelope, device info)
 * is downloaded until the first call. Every method waits for the client, then calls it; `cancel` and
 * `cancelAll` only reach a client that exists (nothing can be in flight before). A failed load (offline,
 * a chunk gone after a deploy) rejects that call and the next call tries again.
 */
export function createLazyApi(load: ApiLoader): ProductApiService {
  let loaded: ProductApiService | null = null
  let loading: Promise<ProductApiService> | null = null
  const get = (): Promise<ProductApiService> =>
    (loading ??= load().then(
      (client) => {
        loaded = client
        return client
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  return {
    userPwdLogin: async (params, options) => (await get()).userPwdLogin(params, options),
    login: async (params, options) => (await get()).login(params, options),
    logout: async (options) => (await get()).logout(options),
    getAccount: async (options) => (await get()).getAccount(options),
    getConfig: async (options) => (await get()).getConfig(options),
    getMaintenanceStatus: async (options) => (await get()).getMaintenanceStatus(options),
    getUserTasksInfo: async (options) => (await get()).getUserTasksInfo(options),
    completeUserTask: async (params, options) => (await get()).completeUserTask(params, options),
    setCheckInNotification: async (params, options) => (await get()).setCheckInNotification(params, options),
    claimCheckInReward: async (options) => (await get()).claimCheckInReward(options),
    getPersonalInfo: async (options) => (await get()).getPersonalInfo(options),
    updatePersonalInfo: async (params, options) => (await get()).updatePersonalInfo(params, options),
    getUserSupport: async (options) => (await get()).getUserSupport(options),
    getWebsiteConfig: async (options) => (await get()).getWebsiteConfig(options),
    uploadImage: async (request, options) => (await get()).uploadImage(request, options),
    ...forwardLazy(get, DISCOVER_API_METHODS),
    ...forwardLazy(get, CHAT_API_METHODS),
    ...forwardLazy(get, WALLET_API_METHODS),
    ...forwardLazy(get, CALL_RECORD_API_METHODS),
    ...forwardLazy(get, USERS_API_METHODS),
    ...forwardLazy(get, CALL_API_METHODS),
    cancel: (requestId) => loaded?.cancel(requestId) ?? false,
    cancelAll: () => loaded?.cancelAll() ?? 0,
  }
}
