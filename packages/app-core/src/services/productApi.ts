import { createApiClient } from '@vchat/api-client'
import type { ApiClient, DeviceInfo } from '@vchat/api-client'
import type { BrandConfig } from '../brand/brandConfig'
import { DEVICE_ID_STORAGE_KEY } from '../constants'
import { clientInfoFor, loadDeviceIds, readDeviceInfo } from './deviceInfo'
import type { StoredDeviceIds } from './deviceInfo'
import type { PlatformIds } from './platformIds'
import type { AuthService, Logger, ResolvedEndpoints, StorageService } from './types'

export interface ProductApiSources {
  brand: BrandConfig
  endpoints: ResolvedEndpoints
  storage: StorageService
  auth: AuthService
  /** The interface language shown, sent as deviceInfo.configLanguage. */
  getLanguage: () => string
  logger: Logger
  /** Fingerprint device id (deviceInfo.androidId) and attribution (adid, webUuid); awaited before the first call. */
  platformIds?: PlatformIds
}

/**
 * The real product client with its wiring: envelope client info, device info (the stored device id and
 * web uuid are created here, with the first server call) and the signed-in user read from the store.
 * Loaded on demand by the `api` facade (`createLazyApi`), so none of it is on the landing page.
 */
export async function createProductApi({ brand, endpoints, storage, auth, getLanguage, logger, platformIds }: ProductApiSources): Promise<ApiClient> {
  // Random ids stand in when the fingerprint library or the attribution SDK cannot run.
  const ids = loadDeviceIds(storage.local<StoredDeviceIds>(DEVICE_ID_STORAGE_KEY))
  await platformIds?.ready()
  // The fingerprint did not answer in time: the stored random id goes out now and stays the device id.
  if (platformIds && platformIds.deviceId() === '') platformIds.adoptDeviceId(ids.deviceId)
  return createApiClient({
    baseURL: endpoints.apiBaseUrl,
    imageHostURL: endpoints.imageHostUrl,
    clientInfo: clientInfoFor(brand),
    getDeviceInfo: () => withPlatformIds(readDeviceInfo({ ids, getConfigLanguage: getLanguage }), platformIds),
    getUser: () => {
      const user = auth.getUser()
      return user ? { id: user.uid, jid: user.jid, vcToken: user.vcToken, role: user.role } : null
    },
    getTokenExpiresAt: () => auth.getUser()?.vcTokenExpiresAt ?? null,
    logger,
    // SPEC §9's backoff (100 ms doubling, ≤ 20 % jitter) instead of retries back to back, which on a
    // flaky link all land in the same dead second; and a signed-in call answered 5xx is retried too,
    // with its X-Request-Id, which the server answers with the first answer if it did act.
    retryDelay: 'exponential',
    retryReplaySafeCalls: true,
  })
}

/** deviceInfo.androidId = the fingerprint device id, adid and webUuid = the attribution's (when known). */
export function withPlatformIds(info: DeviceInfo, platformIds: PlatformIds | undefined): DeviceInfo {
  if (!platformIds) return info
  return {
    ...info,
    androidId: platformIds.deviceId() || info.androidId,
    webUuid: platformIds.webUuid() || info.webUuid,
    adid: platformIds.adid() || info.adid,
  }
}
