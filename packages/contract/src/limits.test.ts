import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { endpointSchemas, publicHostsSchemas, requestEnvelope } from './schemas.ts'
import { ENVELOPE_LIMITS } from './limits.ts'

/** zod 4's internals, as far as this walk reads them. */
interface Internals {
  _zod: {
    def: {
      type: string
      checks?: { _zod: { def: { check: string; maximum?: number; format?: string; pattern?: RegExp } } }[]
      shape?: Record<string, unknown>
      innerType?: unknown
      element?: unknown
      options?: unknown[]
      in?: unknown
    }
  }
}

/** A pattern that alone bounds a string: anchored at both ends, with no open-ended repetition. */
function boundedPattern(pattern: RegExp): boolean {
  const source = pattern.source
  return source.startsWith('^') && source.endsWith('$') && !/[+*]|\{\d+,\}/.test(source.replace(/\\./g, ''))
}

/** Every string field reachable in a request schema that accepts an unbounded length, by path. */
function unboundedStrings(schema: unknown, path: string, found: string[] = []): string[] {
  const { def } = (schema as Internals)._zod
  switch (def.type) {
    case 'string': {
      const checks = (def.checks ?? []).map((check) => check._zod.def)
      const bounded = checks.some((check) => check.check === 'max_length' || (check.format === 'regex' && check.pattern !== undefined && boundedPattern(check.pattern)))
      if (!bounded) found.push(path)
      break
    }
    case 'object':
      for (const [key, field] of Object.entries(def.shape ?? {})) unboundedStrings(field, `${path}.${key}`, found)
      break
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      unboundedStrings(def.innerType, path, found)
      break
    case 'array':
      unboundedStrings(def.element, `${path}[]`, found)
      break
    case 'union':
      for (const option of def.options ?? []) unboundedStrings(option, path, found)
      break
    case 'pipe':
      unboundedStrings(def.in, path, found)
      break
    default:
      // numbers, booleans, literals, enums, unknown (the envelope's data: each endpoint's schema)
      break
  }
  return found
}

describe('string length limits', () => {
  it('every string a client sends — envelope and every endpoint\'s data — has a maximum', () => {
    const requests: [string, z.ZodType][] = [
      ['envelope', requestEnvelope],
      ['publicHosts', publicHostsSchemas.request],
      ...Object.entries(endpointSchemas).map(([name, { request }]) => [name, request] as [string, z.ZodType]),
    ]
    expect(requests.flatMap(([name, schema]) => unboundedStrings(schema, name))).toEqual([])
  })

  it('the envelope refuses a field over its limit and accepts one at it', () => {
    const valid = {
      deviceInfo: {
        localLanguage: 'en-US',
        configLanguage: 'en',
        fingerprint: 'Mozilla/5.0',
        androidId: 'a'.repeat(ENVELOPE_LIMITS.identifier),
        screenHeight: 844,
        screenWidth: 390,
        timezoneId: 'Asia/Kolkata',
        timezoneOffset: 330,
        platform: 'android',
        gaClientId: '',
        deviceModel: 'Pixel 7',
        webUuid: '',
        adid: '',
      },
      clientInfo: { channel: 'B1', pkgName: 'chat.vidora', versionCode: '1', versionName: '1.0.0', host: 'vidora.chat' },
      userInfo: { id: '', jid: '', vcToken: '', role: 2 },
      data: {},
    }
    expect(requestEnvelope.safeParse(valid).success).toBe(true)
    const tooLong = { ...valid, deviceInfo: { ...valid.deviceInfo, androidId: 'a'.repeat(ENVELOPE_LIMITS.identifier + 1) } }
    const refused = requestEnvelope.safeParse(tooLong)
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['deviceInfo', 'androidId'])
    const hugeToken = { ...valid, userInfo: { ...valid.userInfo, vcToken: 'x'.repeat(ENVELOPE_LIMITS.token + 1) } }
    expect(requestEnvelope.safeParse(hugeToken).success).toBe(false)
  })
})
