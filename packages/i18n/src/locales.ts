// Static loader map: one explicit dynamic import per language and namespace, so every bundler
// (Vite, esbuild/tsup, webpack) splits each resource file into its own chunk and loads it on demand.
// Keep it in step with locales/<language>/<namespace>.json (locales.test.ts checks both ways).
import type { Namespace, SupportedLanguage } from './constants'

export type LocaleResource = Record<string, unknown>

type Loader = () => Promise<{ default: LocaleResource }>

export const LOCALE_LOADERS: Record<SupportedLanguage, Record<Namespace, Loader>> = {
  en: {
    common: () => import('../locales/en/common.json'),
    app: () => import('../locales/en/app.json'),
    discover: () => import('../locales/en/discover.json'),
    chat: () => import('../locales/en/chat.json'),
    call: () => import('../locales/en/call.json'),
    wallet: () => import('../locales/en/wallet.json'),
    account: () => import('../locales/en/account.json'),
  },
  hi: {
    common: () => import('../locales/hi/common.json'),
    app: () => import('../locales/hi/app.json'),
    discover: () => import('../locales/hi/discover.json'),
    chat: () => import('../locales/hi/chat.json'),
    call: () => import('../locales/hi/call.json'),
    wallet: () => import('../locales/hi/wallet.json'),
    account: () => import('../locales/hi/account.json'),
  },
  pt: {
    common: () => import('../locales/pt/common.json'),
    app: () => import('../locales/pt/app.json'),
    discover: () => import('../locales/pt/discover.json'),
    chat: () => import('../locales/pt/chat.json'),
    call: () => import('../locales/pt/call.json'),
    wallet: () => import('../locales/pt/wallet.json'),
    account: () => import('../locales/pt/account.json'),
  },
  ar: {
    common: () => import('../locales/ar/common.json'),
    app: () => import('../locales/ar/app.json'),
    discover: () => import('../locales/ar/discover.json'),
    chat: () => import('../locales/ar/chat.json'),
    call: () => import('../locales/ar/call.json'),
    wallet: () => import('../locales/ar/wallet.json'),
    account: () => import('../locales/ar/account.json'),
  },
  tr: {
    common: () => import('../locales/tr/common.json'),
    app: () => import('../locales/tr/app.json'),
    discover: () => import('../locales/tr/discover.json'),
    chat: () => import('../locales/tr/chat.json'),
    call: () => import('../locales/tr/call.json'),
    wallet: () => import('../locales/tr/wallet.json'),
    account: () => import('../locales/tr/account.json'),
  },
  it: {
    common: () => import('../locales/it/common.json'),
    app: () => import('../locales/it/app.json'),
    discover: () => import('../locales/it/discover.json'),
    chat: () => import('../locales/it/chat.json'),
    call: () => import('../locales/it/call.json'),
    wallet: () => import('../locales/it/wallet.json'),
    account: () => import('../locales/it/account.json'),
  },
  es: {
    common: () => import('../locales/es/common.json'),
    app: () => import('../locales/es/app.json'),
    discover: () => import('../locales/es/discover.json'),
    chat: () => import('../locales/es/chat.json'),
    call: () => import('../locales/es/call.json'),
    wallet: () => import('../locales/es/wallet.json'),
    account: () => import('../locales/es/account.json'),
  },
  id: {
    common: () => import('../locales/id/common.json'),
    app: () => import('../locales/id/app.json'),
    discover: () => import('../locales/id/discover.json'),
    chat: () => import('../locales/id/chat.json'),
    call: () => import('../locales/id/call.json'),
    wallet: () => import('../locales/id/wallet.json'),
    account: () => import('../locales/id/account.json'),
  },
  de: {
    common: () => import('../locales/de/common.json'),
    app: () => import('../locales/de/app.json'),
    discover: () => import('../locales/de/discover.json'),
    chat: () => import('../locales/de/chat.json'),
    call: () => import('../locales/de/call.json'),
    wallet: () => import('../locales/de/wallet.json'),
    account: () => import('../locales/de/account.json'),
  },
  fr: {
    common: () => import('../locales/fr/common.json'),
    app: () => import('../locales/fr/app.json'),
    discover: () => import('../locales/fr/discover.json'),
    chat: () => import('../locales/fr/chat.json'),
    call: () => import('../locales/fr/call.json'),
    wallet: () => import('../locales/fr/wallet.json'),
    account: () => import('../locales/fr/account.json'),
  },
  ja: {
    common: () => import('../locales/ja/common.json'),
    app: () => import('../locales/ja/app.json'),
    discover: () => import('../locales/ja/discover.json'),
    chat: () => import('../locales/ja/chat.json'),
    call: () => import('../locales/ja/call.json'),
    wallet: () => import('../locales/ja/wallet.json'),
    account: () => import('../locales/ja/account.json'),
  },
  zh: {
    common: () => import('../locales/zh/common.json'),
    app: () => import('../locales/zh/app.json'),
    discover: () => import('../locales/zh/discover.json'),
    chat: () => import('../locales/zh/chat.json'),
    call: () => import('../locales/zh/call.json'),
    wallet: () => import('../locales/zh/wallet.json'),
    account: () => import('../locales/zh/account.json'),
  },
  ko: {
    common: () => import('../locales/ko/common.json'),
    app: () => import('../locales/ko/app.json'),
    discover: () => import('../locales/ko/discover.json'),
    chat: () => import('../locales/ko/chat.json'),
    call: () => import('../locales/ko/call.json'),
    wallet: () => import('../locales/ko/wallet.json'),
    account: () => import('../locales/ko/account.json'),
  },
  bn: {
    common: () => import('../locales/bn/common.json'),
    app: () => import('../locales/bn/app.json'),
    discover: () => import('../locales/bn/discover.json'),
    chat: () => import('../locales/bn/chat.json'),
    call: () => import('../locales/bn/call.json'),
    wallet: () => import('../locales/bn/wallet.json'),
    account: () => import('../locales/bn/account.json'),
  },
  he: {
    common: () => import('../locales/he/common.json'),
    app: () => import('../locales/he/app.json'),
    discover: () => import('../locales/he/discover.json'),
    chat: () => import('../locales/he/chat.json'),
    call: () => import('../locales/he/call.json'),
    wallet: () => import('../locales/he/wallet.json'),
    account: () => import('../locales/he/account.json'),
  },
}

/** Loads one resource file (`locales/<lng>/<ns>.json`). */
export async function loadLocale(lng: SupportedLanguage, ns: Namespace): Promise<LocaleResource> {
  const loader = LOCALE_LOADERS[lng]?.[ns]
  if (!loader) throw new Error(`No resources for language "${lng}" and namespace "${ns}"`)
  const mod = await loader()
  return mod.default
}
