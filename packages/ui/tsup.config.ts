import { defineConfig } from 'tsup'
import { PACKAGE_BUILD } from '../../tsup.shared.ts'

export default defineConfig({
  ...PACKAGE_BUILD,
  // `styles` is the package's stylesheet (`@vchat/ui/styles.css`): esbuild inlines its `@import`s
  // into one `dist/styles.css`. Declarations come from the script entry only.
  entry: { index: 'src/index.ts', styles: 'src/styles.css' },
  dts: { ...PACKAGE_BUILD.dts, entry: { index: 'src/index.ts' } },
})
