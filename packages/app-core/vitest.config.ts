import { defineConfig } from 'vitest/config'
import { HOOK_TIMEOUT_MS, SOURCE_CONDITIONS, TEST_TIMEOUT_MS, WAIT_FOR_SETUP } from '../../vitest.shared.ts'

// Workspace packages are consumed from source, also by the suites that run in the node environment
// (build plugins, the lint rule), which resolve as SSR does.
const nodeConditions = SOURCE_CONDITIONS

export default defineConfig({
  resolve: { conditions: ['@vchat/source'], dedupe: ['react', 'react-dom'] },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: nodeConditions } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts', 'vite/**/*.test.ts'],
    setupFiles: [WAIT_FOR_SETUP, './src/test-utils/setup.ts'],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
  },
})
