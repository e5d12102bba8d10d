import { defineConfig } from 'tsup'
import { PACKAGE_BUILD } from '../../tsup.shared.ts'

export default defineConfig({
  ...PACKAGE_BUILD,
  entry: ['src/index.ts'],
})
