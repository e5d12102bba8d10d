import { createApiClient } from '@vchat/api-client'
import type { ApiClient } from '@vchat/api-client'
import type { BrandConfig } from '../brand/brandConfig'
import { DEVICE_ID_STORAGE_KEY } from '../constants'
import { clientInfoFor, loadDeviceIds, readDeviceInfo } from './deviceInfo'
import type { StoredDeviceIds } from './deviceInfo'
import type { AuthService, Logger, ResolvedEndpoints, StorageService } from './types'

export interface ProductApiSources {
  brand: BrandConfig
  endpoints: ResolvedEndpoints
  storage: StorageService
  auth: AuthService
  /** The interface language shown, sent as deviceInfo.configLanguage. */
  getLanguage: () => string
  logger: Logger
}

/**
 * The real product client with its wiring: envelope client info, device info (the stored device id and
 * web uuid are created here, with the first server call) and the signed-in user read from the store.
 * Loaded on demand by the `api` facade (`createLazyApi`), so none of it is on the landing page.
 */
export function createProductApi({ brand, endpoints, storage, auth, getLanguage, logger }: ProductApiSources): ApiClient {
  const ids = loadDeviceIds(storage.local<StoredDeviceIds>(DEVICE_ID_STORAGE_KEY))
  return createApiClient({
    baseURL: endpoints.apiBaseUrl,
    imageHostURL: endpoints.imageHostUrl,
    clientInfo: clientInfoFor(brand),
    getDeviceInfo: () => readDeviceInfo({ ids, getConfigLanguage: getLanguage }),
    getUser: () => {
      const user = auth.getUser()
      return user ? { id: user.uid, jid: user.jid, vcToken: user.vcToken, role: user.role } : null
    },
    getTokenExpiresAt: () => auth.getUser()?.vcTokenExpiresAt ?? null,
    logger,
  })
}
