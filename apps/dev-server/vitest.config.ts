import { defineConfig } from 'vitest/config'

// Workspace packages are consumed from source (the `@vchat/source` export condition).
const conditions = ['@vchat/source', 'node', 'import', 'module', 'development|production']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  // Most suites start a real server (and some Prosody): network-bound work that a busy machine slows
  // down well past the 5 s meant for unit tests.
  test: { environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 },
})
