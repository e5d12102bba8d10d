/**
 * The per-brand configuration (SPEC §1 "Brand variants", §3 "Per-brand configuration").
 *
 * This module has no React and no relative imports, so a Vite config running on plain Node can load it
 * (see `vite/createAppViteConfig.ts`).
 */
import { z } from 'zod'

const hexColour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'expected a hex colour like #ff3366')
const cssLength = z.string().regex(/^\d+(?:\.\d+)?(?:px|rem|em)$/, 'expected a CSS length like 12px')
const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'expected a host name like example.com')
const httpUrl = z.url({ protocol: /^https?$/, error: 'Invalid URL' })
const wsUrl = z.url({ protocol: /^wss?$/, error: 'Invalid URL (expected ws:// or wss://)' })
/** An asset reference: a bundler URL (`/assets/x.svg`, `data:`, `file:` at build time) or an absolute URL. */
const assetUrl = z.string().min(1, 'expected an asset URL')

/** Theme tokens handed to `applyTheme` of @vchat/ui. */
export const brandThemeSchema = z.object({
  primary: hexColour,
  /** The accent in the light colour scheme: `primary`'s hue, 4.5:1 on the light background; default `primary`. */
  primaryOnLight: hexColour.optional(),
  buttonColor: hexColour,
  buttonTextColor: hexColour,
  background: hexColour,
  surface: hexColour,
  text: hexColour,
  radius: cssLength,
  fontFamily: z.string().min(1),
})

export const brandConfigSchema = z.object({
  /** Short brand id, also the folder name under brands/. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lower-case id like "second"'),
  /** Package name sent as clientInfo.pkgName (reverse-DNS). */
  packageName: z.string().regex(/^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/, 'expected a reverse-DNS package name like com.example.web'),
  /** The production web domain. */
  domain: hostname,
  /** The brand's name everywhere a person reads it (header, titles, the native app's name). */
  displayName: z.string().min(1),
  /**
   * Where the brand's users write for help (support card, legal pages). The brand config, not the
   * server, names the brand to its users: one backend may serve several brands.
   */
  supportEmail: z.string().email(),
  /** One line shown on the landing page under the brand name. */
  tagline: z.string().min(1),
  logos: z.object({
    /** Square mark (favicon, app icon). */
    mark: assetUrl,
    /** Horizontal logo with the brand name. */
    wordmark: assetUrl,
  }),
  images: z.object({
    /** Background of the login popup. */
    loginBackground: assetUrl,
    /** Background of the landing page hero. */
    landingBackground: assetUrl,
  }),
  theme: brandThemeSchema,
  analytics: z.object({
    /** Product analytics SDK project token. */
    projectToken: z.string().regex(/^[a-f0-9]{32}$/, 'expected 32 lower-case hex characters'),
    /** Google Analytics measurement id. */
    gaMeasurementId: z.string().regex(/^G-[A-Z0-9]{6,12}$/, 'expected an id like G-ABC123XYZ'),
    /** Analytics receiver base URL (`<url>/sync`, `<url>/debug`); empty or absent = analytics off. */
    serverUrl: z.union([z.literal(''), httpUrl]).optional(),
  }),
  /** Firebase Cloud Messaging ids; leave the block out for a brand without push. */
  push: z.object({
    firebase: z.object({
      apiKey: z.string().min(1),
      authDomain: hostname,
      projectId: z.string().regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'expected a Firebase project id'),
      storageBucket: hostname,
      messagingSenderId: z.string().regex(/^\d{6,15}$/, 'expected digits'),
      appId: z.string().regex(/^1:\d+:web:[0-9a-f]+$/, 'expected an app id like 1:1234:web:abcd'),
    }),
    /** Web push VAPID public key (base64url). */
    vapidKey: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'expected a base64url VAPID public key'),
  })
    // Absent: the brand runs without push (no prompt, no token, no messaging service worker).
    .optional(),
  google: z.object({
    /** OAuth client id for Google sign-in; empty string = not configured. */
    clientId: z.union([z.literal(''), z.string().regex(/^\d+-[a-z0-9]+\.apps\.googleusercontent\.com$/, 'expected a Google OAuth client id')]),
  }),
  servers: z.object({
    api: httpUrl,
    imageHost: httpUrl,
    websocket: wsUrl,
    xmppDomain: hostname,
  }),
  /**
   * The payment provider's card vault (`services/cardVault.ts`): card numbers and codes go from the
   * browser to `url` with the publishable key and come back as a token; the product API never sees them.
   */
  payments: z.object({
    cardVault: z.object({
      url: httpUrl,
      publishableKey: z.string().regex(/^pk_(?:live|test)_[A-Za-z0-9]{8,64}$/, 'expected a publishable key like pk_live_…'),
    }),
  }),
  attribution: z.object({
    /** Attribution SDK app token; empty string = the brand runs without attribution. */
    appToken: z.union([z.literal(''), z.string().regex(/^[a-z0-9]{12}$/, 'expected 12 lower-case letters or digits')]),
  }),
  /** Per-brand route differences read by the route table (SPEC §2). */
  routes: z.object({
    messageSetup: z.boolean(),
    task: z.object({ auth: z.boolean() }),
    domain: z.object({ auth: z.boolean() }),
    club: z.object({ auth: z.boolean() }),
  }),
  /** A/B defaults (SPEC §2 "A/B variant path"). */
  ab: z.object({
    /** Users above this uid take part in the A/B split. */
    splitAboveUid: z.number().int().nonnegative(),
    /** The variant of everyone else. */
    defaultVariant: z.enum(['swipe', 'switch']),
  }),
})

export type BrandConfig = z.infer<typeof brandConfigSchema>
export type BrandThemeConfig = z.infer<typeof brandThemeSchema>
export type BrandRouteFlags = BrandConfig['routes']
export type AbVariant = BrandConfig['ab']['defaultVariant']

/** Identity helper so a brand file gets completion and type checking: `export const brandConfig = defineBrand({...})`. */
export function defineBrand<const T extends BrandConfig>(config: T): T {
  return config
}

/**
 * Validates a brand config; throws an Error naming the brand and the first failing field path,
 * e.g. `brand "second": servers.api: Invalid URL`.
 */
export function validateBrandConfig(config: unknown, source?: string): BrandConfig {
  const result = brandConfigSchema.safeParse(config)
  if (result.success) return result.data
  const label = source ?? brandIdOf(config)
  const details = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
  throw new Error(`brand "${label}": ${details.join('; ')}`)
}

function brandIdOf(config: unknown): string {
  if (config && typeof config === 'object' && 'id' in config && typeof config.id === 'string') return config.id
  return 'unknown'
}
