import { defineConfig } from 'tsup'

export default defineConfig({
  // Two entries: the zod-free vocabulary (names, paths, types, jid helpers) for browser code that must
  // stay small, and the zod schemas for whoever validates (the dev-server, tests).
  entry: ['src/index.ts', 'src/schemas.ts'],
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { customConditions: [] } },
  tsconfig: 'tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'es2022',
})
