// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { VENDOR_ATTRIBUTION_SDK_URL } from '@vchat/analytics'
import { GOOGLE_IDENTITY_SCRIPT_URL } from '@vchat/platform'
import { describe, expect, it } from 'vitest'
import { testBrand } from '../src/testing/testBrand.ts'
import { buildMetaDirFor, buildMetaPlugin, isBuildMeta } from './buildMetaPlugin.ts'
import { contentSecurityPolicy, hostConfig, securityHeaders, VENDOR_ORIGINS } from './hostConfig.ts'

/** The policy's directives by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((part) => {
    const [name = '', ...sources] = part.split(' ')
    return [name, sources]
  }))
}

const localstack = { apiBaseUrl: '/', imageHostUrl: '/', websocketUrl: '/xmpp-websocket', analyticsUrl: '/dev/analytics', cardVaultUrl: '/dev/payment/provider', googleClientId: '' }

describe('the production host headers', () => {
  it('scripts from this origin only, plus the vendors the brand turns on; never unsafe-inline or unsafe-eval for scripts', () => {
    const withVendors = { ...testBrand, google: { clientId: '123-abc.apps.googleusercontent.com' }, attribution: { appToken: 'abcdefabcdef' } }
    const on = directives(contentSecurityPolicy(withVendors, {}))
    expect(on['script-src']).toEqual(["'self'", 'https://accounts.google.com', 'https://cdn.adjust.com'])
    expect(on['frame-src']).toEqual(['https://accounts.google.com'])
    const off = directives(contentSecurityPolicy({ ...withVendors, google: { clientId: '' }, attribution: { appToken: '' } }, {}))
    expect(off['script-src']).toEqual(["'self'"])
    expect(off['frame-src']).toEqual(["'none'"])
    for (const policy of [on, off]) {
      expect(policy['script-src']?.some((source) => source.includes('unsafe'))).toBe(false)
      expect(policy['frame-ancestors']).toEqual(["'none'"])
      expect(policy['object-src']).toEqual(["'none'"])
    }
  })

  it("connections go to this origin, the brand's servers and the card vault; same-origin paths need nothing more", () => {
    const production = directives(contentSecurityPolicy(testBrand, {}))
    for (const url of [testBrand.servers.api, testBrand.servers.websocket, testBrand.payments.cardVault.url]) {
      expect(production['connect-src']).toContain(new URL(url).origin)
    }
    const local = directives(contentSecurityPolicy(testBrand, localstack))
    expect(local['connect-src']?.filter((source) => !Object.values(VENDOR_ORIGINS).some((vendor) => vendor.connect.includes(source as never)))).toEqual(["'self'"])
  })

  it("names the vendors' script origins exactly as their SDK constants do", () => {
    expect(VENDOR_ORIGINS.google.script).toBe(new URL(GOOGLE_IDENTITY_SCRIPT_URL).origin)
    expect(VENDOR_ORIGINS.attribution.script).toBe(new URL(VENDOR_ATTRIBUTION_SDK_URL).origin)
  })

  it('sends the other security headers: camera and microphone for this origin only', () => {
    const headers = securityHeaders(testBrand, localstack)
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    })
    expect(headers['Permissions-Policy']).toContain('camera=(self), microphone=(self)')
  })
})

describe('what the host forwards', () => {
  it('a build whose API is same-origin (the local stack) forwards its paths; a production build forwards nothing', () => {
    expect(hostConfig(testBrand, localstack).forward).toEqual({ http: ['/api', '/upload', '/files', '/dev', '/auth'], websocket: '/xmpp-websocket' })
    expect(hostConfig(testBrand, {}).forward).toEqual({ http: [], websocket: null })
  })
})

describe('source maps and reports beside the served folder', () => {
  it('moves every map and the .vite folder to <outDir>-meta and leaves the scripts without a map link', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vchat-meta-'))
    try {
      const dir = path.join(root, 'dist')
      const files = ['assets/index-abc.js', 'assets/index-abc.js.map', 'sw.js', '.vite/chunk-modules.json']
      for (const file of files) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
        writeFileSync(path.join(dir, file), file)
      }
      const plugin = buildMetaPlugin()
      const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: Record<string, unknown>) => void
      writeBundle({ dir }, Object.fromEntries(files.map((file) => [file, {}])))
      expect(buildMetaDirFor(dir)).toBe(path.join(root, 'dist-meta'))
      expect(existsSync(path.join(dir, 'assets/index-abc.js.map'))).toBe(false)
      expect(existsSync(path.join(dir, '.vite'))).toBe(false)
      expect(readFileSync(path.join(root, 'dist-meta/assets/index-abc.js.map'), 'utf8')).toBe('assets/index-abc.js.map')
      expect(readFileSync(path.join(root, 'dist-meta/chunk-modules.json'), 'utf8')).toBe('.vite/chunk-modules.json')
      expect(existsSync(path.join(dir, 'assets/index-abc.js'))).toBe(true)
      expect([isBuildMeta('assets/a.css.map'), isBuildMeta('assets/a.js')]).toEqual([true, false])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
