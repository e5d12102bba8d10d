import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'jsdom',
    // Vitest runs installed packages with Node, which cannot load the stylesheets app-core's screens
    // import; inlined, Vite bundles them as the app's build does.
    server: { deps: { inline: ['@vchat/app-core'] } },
  },
})
