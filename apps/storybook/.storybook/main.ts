import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'
import { flagsPlugin } from '@vchat/app-core/vite'
import { defaultClientConditions, mergeConfig } from 'vite'

/**
 * Storybook resolves its framework and addons by name from where it runs. Under pnpm's strict
 * layout they are only visible from this package (they are its devDependencies), so hand
 * Storybook absolute paths resolved from here.
 */
function getAbsolutePath(name: string): string {
  return dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)))
}

const config: StorybookConfig = {
  stories: [
    // First, so the Brands page opens the sidebar.
    '../src/**/*.mdx',
    '../../../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../../../packages/app-core/src/**/*.stories.@(ts|tsx)',
    '../src/**/*.stories.@(ts|tsx)',
  ],
  addons: [
    getAbsolutePath('@storybook/addon-docs'),
    getAbsolutePath('@storybook/addon-a11y'),
    getAbsolutePath('@storybook/addon-vitest'),
  ],
  framework: { name: getAbsolutePath('@storybook/react-vite'), options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      // Country flags at /flags/<CODE>.svg, as the apps serve them.
      plugins: [flagsPlugin()],
      resolve: {
        // Workspace packages resolve to their TypeScript sources, as in the apps.
        conditions: ['@vchat/source', ...defaultClientConditions],
        dedupe: ['react', 'react-dom'],
      },
    })
  },
}

export default config
