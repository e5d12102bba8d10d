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
  /**
   * `import.meta.env` is filled in by the app's bundler (Vite) and read as optional (`import.meta.env?.DEV`).
   * CommonJS has no `import.meta`: there it is `undefined`, said here rather than left to esbuild, which
   * would empty `import.meta` with a warning for every use.
   */
  esbuildOptions(options: { define?: Record<string, string> }, context: { format: string }): void {
    if (context.format === 'cjs') options.define = { ...options.define, 'import.meta.env': 'undefined' }
  },
}
