/// <reference path="../env.d.ts" />
import type { BrandConfig } from '../brand/brandConfig'
import type { AppEnv, ResolvedEndpoints } from './types'

function pick(value: string | undefined, fallback: string): string {
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback
}

/** Applies the build's env (VITE_* variables) over the brand's production URLs. */
export function resolveEndpoints(brand: BrandConfig, env: AppEnv = {}): ResolvedEndpoints {
  return {
    apiBaseUrl: pick(env.apiBaseUrl, brand.servers.api),
    imageHostUrl: pick(env.imageHostUrl, brand.servers.imageHost),
    websocketUrl: pick(env.websocketUrl, brand.servers.websocket),
    xmppDomain: pick(env.xmppDomain, brand.servers.xmppDomain),
    analyticsUrl: env.analyticsUrl !== undefined ? env.analyticsUrl.trim() : (brand.analytics.serverUrl ?? ''),
    cardVaultUrl: pick(env.cardVaultUrl, brand.payments.cardVault.url),
  }
}

/** A websocket path such as `/xmpp-websocket` becomes `ws(s)://<page host>/xmpp-websocket`. */
export function absoluteWebsocketUrl(url: string, location: Pick<Location, 'protocol' | 'host'> | undefined = globalThis.location): string {
  if (/^wss?:\/\//.test(url) || !location) return url
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${protocol}//${location.host}${url.startsWith('/') ? url : `/${url}`}`
}

/**
 * The app's env from Vite's `VITE_*` variables (VITE_API_URL, VITE_IMAGE_HOST_URL, VITE_WS_URL,
 * VITE_XMPP_DOMAIN, VITE_GOOGLE_CLIENT_ID, VITE_ANALYTICS_URL, VITE_CARD_VAULT_URL, VITE_DEV_SIGN_IN):
 * in the app from `import.meta.env`, at build time (the production host's headers) from the mode's env.
 */
export function appEnvFrom(env: Readonly<Record<string, unknown>>): AppEnv {
  const text = (name: string): string | undefined => {
    const value = env[name]
    return typeof value === 'string' ? value : undefined
  }
  return {
    apiBaseUrl: text('VITE_API_URL'),
    imageHostUrl: text('VITE_IMAGE_HOST_URL'),
    websocketUrl: text('VITE_WS_URL'),
    xmppDomain: text('VITE_XMPP_DOMAIN'),
    googleClientId: text('VITE_GOOGLE_CLIENT_ID'),
    analyticsUrl: text('VITE_ANALYTICS_URL'),
    cardVaultUrl: text('VITE_CARD_VAULT_URL'),
    devSignIn: env.VITE_DEV_SIGN_IN === 'true',
  }
}

/** The env of the running build (`import.meta.env`); outside Vite it is empty, so the brand's URLs apply. */
export function envFromImportMeta(): AppEnv {
  return import.meta.env ? appEnvFrom(import.meta.env as unknown as Record<string, unknown>) : {}
}
