import type { ClientInfo, DeviceInfo, EnvelopeUserInfo } from '@vchat/contract'
import { z } from 'zod'

/** SPEC §7 deviceInfo; fbp/fbc optional (sent only with order creation). */
const deviceInfoSchema = z.object({
  localLanguage: z.string(),
  configLanguage: z.string(),
  fingerprint: z.string(),
  androidId: z.string(),
  screenHeight: z.number(),
  screenWidth: z.number(),
  timezoneId: z.string(),
  timezoneOffset: z.number(),
  platform: z.enum(['ios', 'android']),
  gaClientId: z.string(),
  deviceModel: z.string(),
  webUuid: z.string(),
  adid: z.string(),
  fbp: z.string().optional(),
  fbc: z.string().optional(),
}) satisfies z.ZodType<DeviceInfo>

const clientInfoSchema = z.object({
  channel: z.string(),
  pkgName: z.string(),
  versionCode: z.string(),
  versionName: z.string(),
  host: z.string(),
}) satisfies z.ZodType<ClientInfo>

const userInfoSchema = z.object({
  id: z.string(),
  jid: z.string(),
  vcToken: z.string(),
  role: z.number().int(),
}) satisfies z.ZodType<EnvelopeUserInfo>

/** The request envelope; `data` is validated by each endpoint. */
export const envelopeSchema = z.object({
  deviceInfo: deviceInfoSchema,
  clientInfo: clientInfoSchema,
  userInfo: userInfoSchema,
  data: z.unknown(),
})

export type ParsedEnvelope = z.infer<typeof envelopeSchema>
