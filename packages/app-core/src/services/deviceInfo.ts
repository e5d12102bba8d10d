import { CHANNEL, WEB_VERSION, createDeviceInfo, type ClientInfo, type DeviceInfo } from '@vchat/api-client'
import type { BrandConfig } from '../brand/brandConfig'
import type { KeyedStorage } from './types'
import { nanoid } from 'nanoid'

export interface StoredDeviceIds {
  deviceId: string
  webUuid: string
}

/**
 * The device id and web uuid, created once (nanoid: works on plain http too, where
 * `crypto.randomUUID` is missing) and kept in local storage.
 */
export function loadDeviceIds(storage: KeyedStorage<StoredDeviceIds>): StoredDeviceIds {
  const stored = storage.get()
  if (stored && typeof stored.deviceId === 'string' && typeof stored.webUuid === 'string') return stored
  const fresh = { deviceId: nanoid(), webUuid: nanoid() }
  storage.set(fresh)
  return fresh
}

export interface DeviceInfoSources {
  ids: StoredDeviceIds
  /** The interface language currently shown. */
  getConfigLanguage: () => string
}

/** SPEC §7 deviceInfo, read fresh for every request: the browser's facts through api-client's rules. */
export function readDeviceInfo({ ids, getConfigLanguage }: DeviceInfoSources): DeviceInfo {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  const screenInfo = typeof screen === 'undefined' ? undefined : screen
  return createDeviceInfo({
    userAgent: nav?.userAgent ?? '',
    localLanguage: nav?.language ?? 'en',
    configLanguage: getConfigLanguage(),
    screenHeight: screenInfo?.height ?? 0,
    screenWidth: screenInfo?.width ?? 0,
    timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    deviceId: ids.deviceId,
    gaClientId: '',
    webUuid: ids.webUuid,
    adid: '',
    // Meta pixel cookies; the API client keeps them only for create_order (SPEC §7).
    ...facebookIds(typeof document === 'undefined' ? '' : document.cookie),
  })
}

/** `_fbp` and `_fbc` from a cookie string, for the fbp/fbc fields sent with order creation. */
export function facebookIds(cookie: string): { fbp?: string; fbc?: string } {
  const read = (name: string) => /^[\w.-]{1,200}$/.exec(cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1) ?? '')?.[0]
  const fbp = read('_fbp')
  const fbc = read('_fbc')
  return { ...(fbp ? { fbp } : {}), ...(fbc ? { fbc } : {}) }
}

/** SPEC §7 clientInfo: channel 'B1', the brand's package name, version 1.0.0. */
export function clientInfoFor(brand: BrandConfig): ClientInfo {
  return {
    channel: CHANNEL,
    pkgName: brand.packageName,
    versionCode: WEB_VERSION,
    versionName: WEB_VERSION,
    host: typeof location === 'undefined' ? brand.domain : location.host,
  }
}

