import type { Decorator, Loader, Preview } from '@storybook/react-vite'
import {
  applyDocumentLanguage,
  changeLanguage,
  createI18n,
  I18nextProvider,
  isSupportedLanguage,
  LANGUAGE_NATIVE_NAMES,
  NAMESPACES,
  SUPPORTED_LANGUAGES,
} from '@vchat/i18n'
import { preloadLazyModules } from '@vchat/app-core/testing'
import type { I18n, SupportedLanguage } from '@vchat/i18n'
import { applyTheme, BREAKPOINTS } from '@vchat/ui'
import { configure } from 'storybook/test'
import '@vchat/ui/styles.css'
import './preview.css'
import { BRAND_IDS, BRAND_THEMES } from './themes'
import type { BrandId } from './themes'

// One i18next instance for the whole Storybook; languages load on demand as the toolbar changes.
// storage: null keeps Storybook from writing the language choice into localStorage.
let i18nPromise: Promise<I18n> | undefined
function getI18n(language: SupportedLanguage): Promise<I18n> {
  i18nPromise ??= createI18n({ language, storage: null })
  return i18nPromise
}

function localeOf(value: unknown): SupportedLanguage {
  return isSupportedLanguage(value) ? value : 'en'
}

function brandOf(value: unknown): BrandId {
  return (BRAND_IDS as readonly unknown[]).includes(value) ? (value as BrandId) : 'second'
}

// Every namespace of the story's language (and of English, the fallback) is loaded before the story
// renders, and so is every lazily loaded module of the app: a story's play function then waits only
// for what the story does, never for a language file or a chunk arriving on a busy machine.
const i18nLoader: Loader = async ({ globals }) => {
  const locale = localeOf(globals.locale)
  const i18n = await getI18n(locale)
  if (i18n.language !== locale) await changeLanguage(i18n, locale, { storage: null })
  await i18n.loadNamespaces([...NAMESPACES])
  return { i18n }
}

const appModulesLoader: Loader = async () => {
  await preloadLazyModules()
  return {}
}

// With the loaders above, a play function's `findBy…`/`waitFor` waits only for the story's own work;
// rendering a long conversation still takes seconds of CPU when the machine is busy, so the bound is
// 5 s instead of Testing Library's 1 s (a ceiling, never a delay: waits end on the event).
configure({ asyncUtilTimeout: 5000 })

const withBrandAndLanguage: Decorator = (Story, context) => {
  applyTheme(BRAND_THEMES[brandOf(context.globals.brand)].theme)
  const locale = localeOf(context.globals.locale)
  applyDocumentLanguage(locale)
  const i18n = (context.loaded as { i18n?: I18n }).i18n
  if (!i18n) return <Story />
  if (i18n.language !== locale) void changeLanguage(i18n, locale, { storage: null })
  return (
    <I18nextProvider i18n={i18n}>
      <Story />
    </I18nextProvider>
  )
}

const viewportOptions = {
  xs: { name: `xs – mobile (375 × 812)`, styles: { width: '375px', height: '812px' }, type: 'mobile' },
  md: { name: `md (${BREAKPOINTS.md} × 768)`, styles: { width: `${BREAKPOINTS.md}px`, height: '768px' }, type: 'tablet' },
  xl: { name: `xl (${BREAKPOINTS.xl} × 800)`, styles: { width: `${BREAKPOINTS.xl}px`, height: '800px' }, type: 'desktop' },
  '2xl': {
    name: `2xl (${BREAKPOINTS['2xl']} × 864)`,
    styles: { width: `${BREAKPOINTS['2xl']}px`, height: '864px' },
    type: 'desktop',
  },
}

const preview = {
  globalTypes: {
    brand: {
      description: 'Brand theme',
      toolbar: {
        title: 'Brand',
        icon: 'paintbrush',
        items: BRAND_IDS.map((id) => ({ value: id, title: BRAND_THEMES[id].title })),
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language (ar and he switch to right-to-left)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: SUPPORTED_LANGUAGES.map((lng) => ({
          value: lng,
          title: `${LANGUAGE_NATIVE_NAMES[lng]} (${lng})`,
          right: lng === 'ar' || lng === 'he' ? 'RTL' : undefined,
        })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    brand: 'second',
    locale: 'en',
    viewport: { value: 'xs', isRotated: false },
  },
  parameters: {
    viewport: { options: viewportOptions },
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i } },
  },
  loaders: [i18nLoader, appModulesLoader],
  decorators: [withBrandAndLanguage],
} satisfies Preview

export default preview
