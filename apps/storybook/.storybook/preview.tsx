import type { Decorator, Loader, Preview } from '@storybook/react-vite'
import {
  applyDocumentLanguage,
  changeLanguage,
  createI18n,
  directionOf,
  I18nextProvider,
  intlLocaleOf,
  isSupportedLanguage,
  LANGUAGE_NATIVE_NAMES,
  NAMESPACES,
  SUPPORTED_LANGUAGES,
} from '@vchat/i18n'
import { preloadLazyModules, StoryColorScheme } from '@vchat/app-core/testing'
import type { ColorScheme } from '@vchat/app-core/testing'
import type { I18n, SupportedLanguage } from '@vchat/i18n'
import { applyTheme, BREAKPOINTS } from '@vchat/ui'
import { configure } from 'storybook/test'
import { create } from 'storybook/theming'
import '@vchat/ui/styles.css'
import './preview.css'
import { findCoveringOverlays } from './overlayCheck'
import type { ExpectedOverlays } from './overlayCheck'
import { BRAND_IDS, BRAND_THEMES } from './themes'
import type { BrandId } from './themes'

// One i18next instance per language, each loading its language on first use. A docs page shows
// several stories side by side, each maybe in a language of its own (a story's `globals.locale`):
// one shared instance showed them all in whichever language was set last. `storage: null` keeps
// Storybook from writing the language choice into localStorage; `document: null` leaves `<html lang
// dir>` to the decorator below.
const i18nByLanguage = new Map<SupportedLanguage, Promise<I18n>>()
function i18nFor(language: SupportedLanguage): Promise<I18n> {
  let i18n = i18nByLanguage.get(language)
  if (!i18n) {
    i18n = createI18n({ language, storage: null, document: null })
    i18nByLanguage.set(language, i18n)
  }
  return i18n
}

function localeOf(value: unknown): SupportedLanguage {
  return isSupportedLanguage(value) ? value : 'en'
}

function brandOf(value: unknown): BrandId {
  return (BRAND_IDS as readonly unknown[]).includes(value) ? (value as BrandId) : 'second'
}

function colorSchemeOf(value: unknown): ColorScheme {
  return value === 'light' ? 'light' : 'dark'
}

// Every namespace of the story's language (and of English, the fallback) is loaded before the story
// renders: a story's play function then waits only for what the story does, never for a language file
// arriving on a busy machine.
const i18nLoader: Loader = async ({ globals }) => {
  const locale = localeOf(globals.locale)
  const i18n = await i18nFor(locale)
  // A story may have switched its instance to another language (the language settings screen).
  if (i18n.language !== locale) await changeLanguage(i18n, locale, { storage: null, document: null })
  await i18n.loadNamespaces([...NAMESPACES])
  return { i18n }
}

/**
 * A story whose play function drives a screen that loads app modules on demand (the message database,
 * a lazy panel) sets `parameters.preloadAppModules`: every lazily loaded module of the app is loaded
 * before it renders, so its waits never include a chunk compiling on a busy machine. Other stories skip
 * it: loading the whole app in every story file made the story suite a fifth slower.
 */
const appModulesLoader: Loader = async ({ parameters }) => {
  if (parameters.preloadAppModules === true) await preloadLazyModules()
  return {}
}

// With the loaders above, a play function's `findBy…`/`waitFor` waits only for the story's own work;
// rendering a long conversation still takes seconds of CPU when the machine is busy, so the bound is
// 5 s instead of Testing Library's 1 s (a ceiling, never a delay: waits end on the event).
configure({ asyncUtilTimeout: 5000 })

const withBrandLanguageAndScheme: Decorator = (Story, context) => {
  applyTheme(BRAND_THEMES[brandOf(context.globals.brand)].theme)
  const locale = localeOf(context.globals.locale)
  const i18n = (context.loaded as { i18n?: I18n }).i18n
  const story = (
    <StoryColorScheme scheme={colorSchemeOf(context.globals.colorScheme)}>
      {i18n ? (
        <I18nextProvider i18n={i18n}>
          <Story />
        </I18nextProvider>
      ) : (
        <Story />
      )}
    </StoryColorScheme>
  )
  if (context.viewMode !== 'docs') {
    // The canvas shows one story: the document carries its language and direction, as the app's
    // document does (sheets and popups are portalled to <body> and follow it).
    applyDocumentLanguage(locale)
    return story
  }
  // A docs page shows several stories, each in its own language: each gets its own `lang` and `dir`
  // (`display: contents` keeps the wrapper out of the layout), and the page stays in Storybook's English.
  applyDocumentLanguage('en')
  return (
    <div lang={intlLocaleOf(locale)} dir={directionOf(locale)} style={{ display: 'contents' }}>
      {story}
    </div>
  )
}

/**
 * Docs pages sit on the brand's own dark canvas (preview.css), so Storybook's blocks there (argument
 * tables, controls, code) take its dark docs theme. Its text is lighter than Storybook's: the unselected
 * side of a boolean control is drawn at half the text's opacity and read 3.6:1; it now reaches 4.5:1.
 */
const docsTheme = create({ base: 'dark', textColor: '#f5f6f7' })

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
    colorScheme: {
      description: "Colour scheme: the app's dark-mode setting (data-color-scheme)",
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'light', title: 'Light', icon: 'sun' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    brand: 'second',
    locale: 'en',
    // The app starts in dark mode (every brand theme is dark).
    colorScheme: 'dark',
    viewport: { value: 'xs', isRotated: false },
  },
  parameters: {
    viewport: { options: viewportOptions },
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i } },
    docs: { theme: docsTheme },
  },
  loaders: [i18nLoader, appModulesLoader],
  decorators: [withBrandLanguageAndScheme],
  // No fixed element may cover the story (overlayCheck.ts). The story tests fail on one; in the
  // Storybook UI it is only logged, so the story stays on screen for whoever looks into it.
  afterEach: async ({ canvasElement, parameters, viewMode }) => {
    if (viewMode !== 'story') return
    const problems = findCoveringOverlays(canvasElement, (parameters.expectedOverlays ?? []) as ExpectedOverlays)
    if (problems.length === 0) return
    const message = `A fixed element covers the story:\n- ${problems.join('\n- ')}`
    if (import.meta.env?.VITEST_STORYBOOK !== undefined) throw new Error(message)
    console.warn(message)
  },
} satisfies Preview

// The start brand's tokens from the first moment: a docs page of text alone (Brands) renders no story,
// so no decorator sets them, and the page is drawn on them too (preview.css).
applyTheme(BRAND_THEMES[brandOf(preview.initialGlobals.brand)].theme)

export default preview
