import { defineConfig } from 'vitest/config'

// Workspace packages are consumed from source (the `@vchat/source` export condition), also by the
// suites that run in the node environment (build plugins, the lint rule), which resolve as SSR does.
const nodeConditions = ['@vchat/source', 'node', 'import', 'module', 'development|production']

export default defineConfig({
  resolve: { conditions: ['@vchat/source'], dedupe: ['react', 'react-dom'] },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: nodeConditions } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts'],
    setupFiles: ['./src/test-utils/setup.ts'],
    // Room for lazily loaded screens on a loaded CI machine (see setup.ts).
    testTimeout: 20_000,
  },
})
