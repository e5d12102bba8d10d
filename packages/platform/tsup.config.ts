import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ["src/index.ts"],
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { customConditions: [] } },
  tsconfig: 'tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'es2022',
})
