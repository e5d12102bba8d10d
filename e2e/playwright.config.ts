import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts'
import type { BrandOptions } from './support/fixtures.ts'

const mobile = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
const desktop = { viewport: { width: 1280, height: 800 } }
const CALL_SPEC = '**/call.spec.ts'
/**
 * Which specs run where. The thin slice (login) runs in every brand at a phone and a desktop size and
 * in Arabic: brands differ in config, theme and route flags, which it covers. The product areas run in
 * the brand `pnpm dev` mounts (second) at both sizes; discovery also in Arabic (its spec reads roles and
 * the page direction, not English texts). Calls (two browsers, shared seeded hosts) run once.
 */
const EVERY_BRAND_SPECS = ['**/login.spec.ts']
const ARABIC_SPECS = ['**/login.spec.ts', '**/discover.spec.ts']

export default defineConfig<BrandOptions>({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    ...(['default', 'third'] as const).flatMap((brand) => [
      { name: `${brand}-mobile`, use: { brand, ...mobile }, testMatch: EVERY_BRAND_SPECS },
      { name: `${brand}-desktop`, use: { brand, ...desktop }, testMatch: EVERY_BRAND_SPECS },
    ]),
    { name: 'second-mobile', use: { brand: 'second', ...mobile } },
    { name: 'second-desktop', use: { brand: 'second', ...desktop }, testIgnore: CALL_SPEC },
    { name: 'second-arabic', use: { brand: 'second', ...mobile, locale: 'ar-SA' }, testMatch: ARABIC_SPECS },
  ],
})
