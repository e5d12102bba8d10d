import { defineConfig } from 'vitest/config'
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from '../../vitest.shared.ts'

export default defineConfig({
  resolve: { conditions: ['@vchat/source'] },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
  },
})
