import { defineConfig } from 'vitest/config'
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, WAIT_FOR_SETUP } from '../../vitest.shared.ts'

export default defineConfig({
  test: { environment: 'node', testTimeout: TEST_TIMEOUT_MS, hookTimeout: HOOK_TIMEOUT_MS, setupFiles: [WAIT_FOR_SETUP] },
})
