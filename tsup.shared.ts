/**
 * What every published package's tsup build shares (plain values, no tsup import: each package's
 * `tsup.config.ts` spreads them into its own `defineConfig` and names its entries): ESM and CommonJS
 * with declarations, built against `tsconfig.build.json`, whose empty `customConditions` makes the
 * declarations point at the other packages' published builds instead of their sources.
 */
export const PACKAGE_BUILD = {
  format: ['esm', 'cjs'] as Array<'esm' | 'cjs'>,
  dts: { compilerOptions: { customConditions: [] } },
  tsconfig: 'tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'es2022' as const,
}
