import { defineConfig } from 'vitest/config'
import { HOOK_TIMEOUT_MS, SOURCE_CONDITIONS as conditions, TEST_TIMEOUT_MS, WAIT_FOR_SETUP } from '../../vitest.shared.ts'

// Most suites start a real server (and some Prosody): the shared ceilings leave a busy machine room.
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: { environment: 'node', testTimeout: TEST_TIMEOUT_MS, hookTimeout: HOOK_TIMEOUT_MS, setupFiles: [WAIT_FOR_SETUP] },
})
