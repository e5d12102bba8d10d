import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['@vchat/source'] },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
