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
  },
  hi: {
    common: () => import('../locales/hi/common.json'),
    app: () => import('../locales/hi/app.json'),
  },
  pt: {
    common: () => import('../locales/pt/common.json'),
    app: () => import('../locales/pt/app.json'),
  },
  ar: {
    common: () => import('../locales/ar/common.json'),
    app: () => import('../locales/ar/app.json'),
  },
  tr: {
    common: () => import('../locales/tr/common.json'),
    app: () => import('../locales/tr/app.json'),
  },
  it: {
    common: () => import('../locales/it/common.json'),
    app: () => import('../locales/it/app.json'),
  },
  es: {
    common: () => import('../locales/es/common.json'),
    app: () => import('../locales/es/app.json'),
  },
  id: {
    common: () => import('../locales/id/common.json'),
    app: () => import('../locales/id/app.json'),
  },
  de: {
    common: () => import('../locales/de/common.json'),
    app: () => import('../locales/de/app.json'),
  },
  fr: {
    common: () => import('../locales/fr/common.json'),
    app: () => import('../locales/fr/app.json'),
  },
  ja: {
    common: () => import('../locales/ja/common.json'),
    app: () => import('../locales/ja/app.json'),
  },
  zh: {
    common: () => import('../locales/zh/common.json'),
    app: () => import('../locales/zh/app.json'),
  },
  ko: {
    common: () => import('../locales/ko/common.json'),
    app: () => import('../locales/ko/app.json'),
  },
  bn: {
    common: () => import('../locales/bn/common.json'),
    app: () => import('../locales/bn/app.json'),
  },
  he: {
    common: () => import('../locales/he/common.json'),
    app: () => import('../locales/he/app.json'),
  },
}

/** Loads one resource file (`locales/<lng>/<ns>.json`). */
export async function loadLocale(lng: SupportedLanguage, ns: Namespace): Promise<LocaleResource> {
  const loader = LOCALE_LOADERS[lng]?.[ns]
  if (!loader) throw new Error(`No resources for language "${lng}" and namespace "${ns}"`)
  const mod = await loader()
  return mod.default
}
