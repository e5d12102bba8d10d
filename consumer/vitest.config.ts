import { defineConfig } from 'vitest/config'
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from '../vitest.shared.ts'

export default defineConfig({
  test: {
    environment: 'node',
    // The harness only: `app/` is the app under test, whose own test runs inside the app.
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/registrySetup.ts'],
    // Both files install into the one registry: one after the other, the second reads what the first
    // brought from the npm registry, and two installs never share the two cores.
    fileParallelism: false,
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    // WAIT_FOR_SETUP of vitest.shared.ts, from one level below the root instead of two.
    setupFiles: ['../vitest.waitFor.ts'],
  },
})
