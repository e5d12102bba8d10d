import type { ClientInfo, DeviceInfo, EnvelopeUserInfo } from '@vchat/contract'
import { CHANNEL, WEB_VERSION } from '../constants'
import { createApiClient, type ApiClientOptions } from '../createApiClient'

export const deviceInfo: DeviceInfo = {
  localLanguage: 'en',
  configLanguage: 'en',
  fingerprint: 'Mozilla/5.0 (test)',
  androidId: 'device-1',
  screenHeight: 800,
  screenWidth: 400,
  timezoneId: 'Asia/Kolkata',
  timezoneOffset: 330,
  platform: 'android',
  gaClientId: 'ga-1',
  deviceModel: 'web',
  webUuid: 'uuid-1',
  adid: 'adid-1',
  fbp: 'fb.1.1',
  fbc: 'fb.1.2',
}

export const clientInfo: ClientInfo = {
  channel: CHANNEL,
  pkgName: 'com.example.web',
  versionCode: WEB_VERSION,
  versionName: WEB_VERSION,
  host: 'localhost',
}

export const signedInUser: EnvelopeUserInfo = {
  id: '100001',
  jid: 'user_100001@localhost',
  vcToken: 'secret-token-abc',
  role: 2,
}

export interface FakeLogger {
  warn: string[]
  error: string[]
  logger: { warn(message: string): void; error(message: string): void }
}

function fakeLogger(): FakeLogger {
  const warn: string[] = []
  const error: string[] = []
  return { warn, error, logger: { warn: (m) => warn.push(m), error: (m) => error.push(m) } }
}

export function makeClient(
  baseURL: string,
  overrides: Partial<ApiClientOptions> = {},
  user: EnvelopeUserInfo | null = signedInUser,
) {
  const log = fakeLogger()
  const client = createApiClient({
    baseURL,
    clientInfo,
    getDeviceInfo: () => deviceInfo,
    getUser: () => user,
    logger: log.logger,
    ...overrides,
  })
  return { client, log }
}
