import { defineConfig } from 'tsup'
import { PACKAGE_BUILD } from '../../tsup.shared.ts'

export default defineConfig({
  ...PACKAGE_BUILD,
  // `vite` is the Vite config of a brand app (`@vchat/app-core/vite`), run by Node: the workspace runs
  // its source, an installed package this build (Node strips no types under node_modules).
  entry: { index: 'src/index.ts', brand: 'src/brand/index.ts', testing: 'src/testing/index.ts', vite: 'vite/createAppViteConfig.ts' },
  // The Vite config finds files beside itself through `import.meta.url`, which CommonJS lacks.
  shims: true,
  dts: {
    ...PACKAGE_BUILD.dts,
    // The Vite config's source imports with `.ts` extensions (Node runs it as it is) and types Node's APIs.
    compilerOptions: { ...PACKAGE_BUILD.dts.compilerOptions, allowImportingTsExtensions: true, types: ['node'] },
  },
  // Screens and layout import their stylesheets; the consuming app bundles them.
  loader: { '.css': 'copy' },
})
