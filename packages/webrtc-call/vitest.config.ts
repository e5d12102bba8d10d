import { defineConfig } from 'vitest/config'
import { HOOK_TIMEOUT_MS, SOURCE_CONDITIONS as conditions, TEST_TIMEOUT_MS, WAIT_FOR_SETUP } from '../../vitest.shared.ts'

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: { testTimeout: TEST_TIMEOUT_MS, hookTimeout: HOOK_TIMEOUT_MS, setupFiles: [WAIT_FOR_SETUP] },
})
