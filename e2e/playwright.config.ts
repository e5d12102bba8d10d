import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts'
import type { BrandOptions } from './support/fixtures.ts'

const mobile = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
const desktop = { viewport: { width: 1280, height: 800 } }
const CALL_SPEC = '**/call.spec.ts'

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
    ...(['default', 'second', 'third'] as const).flatMap((brand) => [
      // Calls (two browsers, shared seeded hosts) run once, in second-mobile.
      { name: `${brand}-mobile`, use: { brand, ...mobile }, ...(brand === 'second' ? {} : { testIgnore: CALL_SPEC }) },
      { name: `${brand}-desktop`, use: { brand, ...desktop }, testIgnore: CALL_SPEC },
    ]),
    { name: 'second-arabic', use: { brand: 'second', ...mobile, locale: 'ar-SA' }, testIgnore: CALL_SPEC },
  ],
})
