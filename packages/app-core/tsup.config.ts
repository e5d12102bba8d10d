import { defineConfig } from 'tsup'
import { PACKAGE_BUILD } from '../../tsup.shared.ts'

export default defineConfig({
  ...PACKAGE_BUILD,
  entry: { index: 'src/index.ts', brand: 'src/brand/index.ts', testing: 'src/testing/index.ts' },
  // Screens and layout import their stylesheets; the consuming app bundles them.
  loader: { '.css': 'copy' },
})
