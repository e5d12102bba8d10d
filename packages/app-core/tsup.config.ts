import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', brand: 'src/brand/index.ts', testing: 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { customConditions: [] } },
  tsconfig: 'tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Screens and layout import their stylesheets; the consuming app bundles them.
  loader: { '.css': 'copy' },
})
