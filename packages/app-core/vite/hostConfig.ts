/**
 * How a brand's production host serves a build (`@vchat/web-host`), computed at build time from the
 * brand config and the build's endpoints (`VITE_*`) and written beside the output folder
 * (`dist-meta/host.json`): the HTTP headers of every answer, and — for a build whose API is
 * same-origin (the local stack's) — the paths the host forwards to the stack.
 *
 * The Content-Security-Policy allows scripts from this origin only, plus the exact vendor script
 * origins the brand turns on (Google sign-in when it has a client id, the attribution SDK when it has
 * an app token); never `unsafe-inline` or `unsafe-eval` for scripts. Connections go to this origin,
 * the brand's API, image host, websocket, analytics receiver and card vault, and the vendors' APIs
 * the brand uses. Styles allow inline style attributes (`'unsafe-inline'` for styles only: some
 * components and Google's button set them; styles cannot run code).
 */
import type { Plugin } from 'vite'
import type { BrandConfig } from '../src/brand/brandConfig.ts'
import { appEnvFrom, resolveEndpoints } from '../src/services/endpoints.ts'
import type { AppEnv } from '../src/services/types.ts'

/**
 * Same-origin paths a local build sends to the local stack: these to its HTTP server, the websocket
 * to its messaging server. The development server and `vite preview` forward them
 * (`localStackProxy`); the production host does for a build whose API is same-origin.
 */
export const LOCAL_STACK_PATHS = { http: ['/api', '/upload', '/files', '/dev', '/auth'], websocket: '/xmpp-websocket' } as const

/** `host.json`: what the production host reads beside a build. */
export interface HostConfig {
  /** Sent with every answer. */
  headers: Record<string, string>
  /** Path prefixes forwarded to the API server, and the websocket path forwarded to the messaging server (local builds). */
  forward: { http: string[]; websocket: string | null }
}

/**
 * Where the vendors a brand may turn on answer. The script origins are those of the SDK URLs in
 * @vchat/platform (`GOOGLE_IDENTITY_SCRIPT_URL`) and @vchat/analytics (`VENDOR_ATTRIBUTION_SDK_URL`) —
 * written out here because this file runs in Vite's config, before those packages are built;
 * `securityHeaders.test.ts` fails when they part.
 */
export const VENDOR_ORIGINS = {
  google: { script: 'https://accounts.google.com', connect: ['https://accounts.google.com'], frame: ['https://accounts.google.com'] },
  attribution: { script: 'https://cdn.adjust.com', connect: ['https://app.adjust.com', 'https://gdpr.adjust.com'] },
  push: { connect: ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'] },
} as const

/** The origin of an absolute http(s)/ws(s) URL; nothing for a same-origin path (covered by 'self'). */
function originOf(url: string): string[] {
  if (!/^(https?|wss?):\/\//.test(url)) return []
  return [new URL(url).origin]
}

function directive(name: string, sources: readonly string[]): string {
  return `${name} ${[...new Set(sources)].join(' ')}`
}

/** The Content-Security-Policy of a brand's build. */
export function contentSecurityPolicy(brand: BrandConfig, env: AppEnv): string {
  const endpoints = resolveEndpoints(brand, env)
  const google = (env.googleClientId !== undefined ? env.googleClientId.trim() : brand.google.clientId) !== ''
  const attribution = brand.attribution.appToken !== ''
  const push = brand.push !== undefined
  const script = ["'self'", ...(google ? [VENDOR_ORIGINS.google.script] : []), ...(attribution ? [VENDOR_ORIGINS.attribution.script] : [])]
  const connect = [
    "'self'",
    ...[endpoints.apiBaseUrl, endpoints.imageHostUrl, endpoints.websocketUrl, endpoints.analyticsUrl, endpoints.cardVaultUrl].flatMap(originOf),
    ...(google ? VENDOR_ORIGINS.google.connect : []),
    ...(attribution ? VENDOR_ORIGINS.attribution.connect : []),
    ...(push ? VENDOR_ORIGINS.push.connect : []),
  ]
  return [
    "default-src 'self'",
    directive('script-src', script),
    directive('connect-src', connect),
    directive('img-src', ["'self'", 'data:', 'blob:', ...originOf(endpoints.imageHostUrl), ...originOf(endpoints.apiBaseUrl)]),
    directive('media-src', ["'self'", 'blob:', ...originOf(endpoints.imageHostUrl)]),
    directive('style-src', ["'self'", "'unsafe-inline'", ...(google ? [VENDOR_ORIGINS.google.script] : [])]),
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    directive('frame-src', google ? VENDOR_ORIGINS.google.frame : ["'none'"]),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Every header of a brand's production host, by name. */
export function securityHeaders(brand: BrandConfig, env: AppEnv): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(brand, env),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Calls need the camera and microphone of this origin; nothing else is asked for.
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Frame-Options': 'DENY',
    // No Cross-Origin-Opener-Policy: the checkout window goes to the payment provider's page and back
    // to our pay result, which closes itself and tells the app; a COOP on our pages would cut that
    // window from its opener on the way back (a browsing-context-group switch), and the window could
    // no longer close itself.
  }
}

/** What the host of this build does: its headers, and what it forwards (only when the API is same-origin). */
export function hostConfig(brand: BrandConfig, env: AppEnv): HostConfig {
  const sameOriginApi = !/^https?:\/\//.test(resolveEndpoints(brand, env).apiBaseUrl)
  return {
    headers: securityHeaders(brand, env),
    forward: sameOriginApi ? { http: [...LOCAL_STACK_PATHS.http], websocket: LOCAL_STACK_PATHS.websocket } : { http: [], websocket: null },
  }
}

/** Writes `host.json` (emitted under `.vite/`, moved beside the output folder by `buildMetaPlugin`). */
export function hostConfigPlugin(brand: BrandConfig): Plugin {
  let env: AppEnv = {}
  return {
    name: 'vchat:host-config',
    apply: 'build',
    configResolved(config) {
      env = appEnvFrom(config.env)
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/host.json', source: `${JSON.stringify(hostConfig(brand, env), null, 2)}\n` })
    },
  }
}
