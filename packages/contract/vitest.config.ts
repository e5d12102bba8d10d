import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript source (the `@vchat/source` export condition), so
// tests run on a fresh clone without building anything first. Node-environment tests resolve through
// Vite's SSR settings, hence both places.
const conditions = ['@vchat/source', 'node', 'import', 'module', 'development|production']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
})
