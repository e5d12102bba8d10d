import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['@vchat/source'], dedupe: ['react', 'react-dom'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts'],
    setupFiles: ['./src/test-utils/setup.ts'],
    // Room for lazily loaded screens on a loaded CI machine (see setup.ts).
    testTimeout: 20_000,
  },
})
