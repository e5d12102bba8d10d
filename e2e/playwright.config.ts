import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts'
import type { BrandOptions } from './support/fixtures.ts'
import { EXPECT_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/timeouts.ts'

const mobile = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
const desktop = { viewport: { width: 1280, height: 800 } }
const CALL_SPEC = ['**/call.spec.ts', '**/call-endings.spec.ts', '**/call-free.spec.ts', '**/call-silver.spec.ts', '**/call-console.spec.ts', '**/call-relay.spec.ts']
/**
 * Which specs run where. The thin slice (login), a new user's walk through the account by clicking
 * (navigation) and the people named on every surface of a conversation and a call (identity) run in
 * every brand at a phone and a desktop size and in Arabic: brands differ in config, theme and route
 * flags, which they cover. The product areas run in
 * the brand `pnpm dev` mounts (second) at both sizes; discovery also in Arabic (its spec reads roles and
 * the page direction, not English texts). Calls (two browsers, shared seeded hosts) run once, in
 * second at phone size; the free call and purchases also in default (below).
 */
const EVERY_BRAND_SPECS = ['**/login.spec.ts', '**/navigation.spec.ts', '**/identity.spec.ts', '**/pwa.spec.ts']
/**
 * The money path also runs in brand default at phone size: a free first call converted by a purchase
 * in the in-call store, and the purchases themselves (each with hosts of its own, see call-free.spec).
 */
const DEFAULT_BRAND_MOBILE_SPECS = [...EVERY_BRAND_SPECS, '**/call-free.spec.ts', '**/wallet.spec.ts']
const ARABIC_SPECS = ['**/login.spec.ts', '**/discover.spec.ts', '**/identity.spec.ts', '**/navigation.spec.ts', '**/crawl.spec.ts']
/**
 * Right-to-left visual baselines (Arabic and Hebrew, brand second, phone size) run in their own project
 * only. The PNGs are committed next to the spec without a platform suffix: CI runs the same Debian
 * Chromium and fonts, so the images match there.
 */
const RTL_VISUAL_SPEC = '**/rtl-visual.spec.ts'
/**
 * Visual baselines of the main screens in every brand at both sizes, light and dark, and in Arabic
 * (visual.spec.ts), in projects of their own, kept per project beside the spec.
 */
const VISUAL_SPEC = '**/visual.spec.ts'
const VISUAL_EXPECT = { timeout: EXPECT_TIMEOUT_MS, toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' } } as const

export default defineConfig<BrandOptions>({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a failed test runs once more so the report can tell flaky from broken, but a test that
  // needed that retry still fails the run (listed as "flaky" in the report): a retry never hides it.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace doubles a test's time on a two-core machine (measured: 17 tests 3.2 min with
    // traces kept on failure, 1.8 min without), so CI records one only for the retry of a failed test;
    // the first failure still leaves its error and screenshot. Local runs (no retry) keep every
    // failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    ...(['default', 'third'] as const).flatMap((brand) => [
      { name: `${brand}-mobile`, use: { brand, ...mobile }, testMatch: brand === 'default' ? DEFAULT_BRAND_MOBILE_SPECS : EVERY_BRAND_SPECS },
      { name: `${brand}-desktop`, use: { brand, ...desktop }, testMatch: EVERY_BRAND_SPECS },
    ]),
    { name: 'second-mobile', use: { brand: 'second', ...mobile }, testIgnore: [RTL_VISUAL_SPEC, VISUAL_SPEC] },
    { name: 'second-desktop', use: { brand: 'second', ...desktop }, testIgnore: [...CALL_SPEC, RTL_VISUAL_SPEC, VISUAL_SPEC] },
    { name: 'second-arabic', use: { brand: 'second', ...mobile, locale: 'ar-SA' }, testMatch: ARABIC_SPECS },
    {
      name: 'second-rtl-visual',
      use: { brand: 'second', ...mobile, timezoneId: 'UTC' },
      testMatch: RTL_VISUAL_SPEC,
      snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
      // A project's expect replaces the top-level one: the same ceiling, plus the screenshot comparison.
      expect: VISUAL_EXPECT,
    },
    ...(['default', 'second', 'third'] as const).flatMap((brand) =>
      (['mobile', 'desktop'] as const).map((size) => ({
        name: `${brand}-visual-${size}`,
        use: { brand, ...(size === 'mobile' ? mobile : desktop), timezoneId: 'UTC' },
        testMatch: VISUAL_SPEC,
        snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{projectName}/{arg}{ext}',
        expect: VISUAL_EXPECT,
      })),
    ),
    {
      name: 'second-visual-arabic',
      use: { brand: 'second', ...mobile, locale: 'ar-SA', timezoneId: 'UTC' },
      testMatch: VISUAL_SPEC,
      snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{projectName}/{arg}{ext}',
      expect: VISUAL_EXPECT,
    },
  ],
})
