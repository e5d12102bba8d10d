import { defineConfig } from 'vitest/config'

// Workspace packages are consumed from source (the `@vchat/source` export condition).
const conditions = ['@vchat/source', 'node', 'import', 'module', 'development|production']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: { environment: 'node' },
})
