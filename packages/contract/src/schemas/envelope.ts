/** The request envelope every product call carries (SPEC §7), with the length limits of `limits.ts`. */
import { z } from 'zod'
import { ENVELOPE_LIMITS as L } from '../limits.ts'
import type * as C from '../types.ts'
import { exact } from './base.ts'

const text = (max: number) => z.string().max(max)

/** SPEC §7 deviceInfo; fbp/fbc only with an order. */
export const deviceInfo = exact<C.DeviceInfo>()(
  z.object({
    localLanguage: text(L.language),
    configLanguage: text(L.language),
    fingerprint: text(L.userAgent),
    androidId: text(L.identifier),
    screenHeight: z.number().min(0).max(L.screenSide),
    screenWidth: z.number().min(0).max(L.screenSide),
    timezoneId: text(L.timezoneId),
    timezoneOffset: z.number().min(-L.timezoneOffsetMinutes).max(L.timezoneOffsetMinutes),
    platform: z.enum(['ios', 'android']),
    gaClientId: text(L.identifier),
    deviceModel: text(L.deviceModel),
    webUuid: text(L.identifier),
    adid: text(L.identifier),
    fbp: text(L.clickId).optional(),
    fbc: text(L.clickId).optional(),
  }),
)

/** SPEC §7 clientInfo. */
export const clientInfo = exact<C.ClientInfo>()(
  z.object({
    channel: text(L.clientLabel),
    pkgName: text(L.packageName),
    versionCode: text(L.clientLabel),
    versionName: text(L.clientLabel),
    host: text(L.host),
  }),
)

/** SPEC §7 userInfo (empty strings and role 2 for a visitor). */
export const envelopeUserInfo = exact<C.EnvelopeUserInfo>()(
  z.object({ id: text(L.uid), jid: text(L.jid), vcToken: text(L.token), role: z.number().int() }),
)

/**
 * The envelope; `data` is each endpoint's (`endpointSchemas[name].request`). Unknown envelope fields
 * are let through (older and newer clients add some), their sizes bounded by the body limit.
 */
export const requestEnvelope = z.object({ deviceInfo, clientInfo, userInfo: envelopeUserInfo, data: z.unknown() })
