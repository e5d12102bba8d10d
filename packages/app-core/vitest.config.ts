import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['@vchat/source'], dedupe: ['react', 'react-dom'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-utils/setup.ts'],
  },
})
