import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { BRAND_IDS } from './.storybook/brandIds.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './.storybook/chromium.ts'

/**
 * Every story runs as a test in headless Chromium (Vitest browser mode, Playwright provider):
 * it must render without error, its play function must pass, and axe must report no violation
 * (`parameters.a11y.test: 'error'` in preview.tsx). The suite runs once per brand theme in each
 * colour scheme (the app's dark-mode setting: dark, the default, and light, whose palette is
 * layout/appearance.css of app-core with the brand's `primaryOnLight`), so colour contrast is
 * checked for all three brands in both, and once in Arabic (right-to-left, dark).
 *
 * The system Chromium is used (no browser download); override its path with CHROMIUM_PATH.
 */
const configDir = fileURLToPath(new URL('./.storybook', import.meta.url))

function storyProject(name: string, initialGlobals: Record<string, unknown>): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir, initialGlobals })],
    test: {
      name: `storybook:${name}`,
      // Generous limits: on a busy 2-core CI machine the first story of a file also pays for
      // module loading in the browser.
      testTimeout: 30_000,
      hookTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  }
}

export default defineConfig({
  test: {
    projects: [
      ...BRAND_IDS.map((brand) => storyProject(brand, { brand })),
      // Every story once more per brand in the light scheme (1.5–2.5 min a brand on two cores).
      ...BRAND_IDS.map((brand) => storyProject(`${brand}-light`, { brand, colorScheme: 'light' })),
      // Every story once more in Arabic: right-to-left layout and Arabic strings under axe.
      storyProject('second-ar', { brand: 'second', locale: 'ar' }),
      {
        // In Node: the built static site (docs pages under axe in every brand, toolbars, the brand
        // index, no service worker) and turbo's cache key of the build.
        test: {
          name: 'storybook:site',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Two docs pages at a time: one a core on a two-core machine.
          maxConcurrency: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
