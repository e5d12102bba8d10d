import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript source (the `@vchat/source` export condition), so
// tests run on a fresh clone without building anything first. Node-environment tests resolve through
// Vite's SSR settings, hence both places.
const conditions = ['@vchat/source', 'node', 'import', 'module', 'development|production']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  // The contract suites call every endpoint of a loopback server: network-bound work that a busy
  // machine slows down well past the 5 s meant for unit tests.
  test: { testTimeout: 20_000 },
})
