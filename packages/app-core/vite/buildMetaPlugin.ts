/**
 * What a build writes for us and never for a browser — the source maps and the chunk report
 * (`chunk-modules.json`, read by the landing bench) — goes to a folder beside the served one
 * (`dist/` → `dist-meta/`), so a host that serves the output folder as it is cannot leak them. The
 * maps are "hidden" (no `sourceMappingURL` comment in the scripts): kept for error reporting, which
 * matches a stack trace to them by file name, never fetched by a browser.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** The folder beside an output folder that receives its source maps and reports. */
export function buildMetaDirFor(outDir: string): string {
  return `${outDir.replace(/[\\/]+$/, '')}-meta`
}

/** A bundle file that belongs in the meta folder. */
export function isBuildMeta(fileName: string): boolean {
  return fileName.endsWith('.map') || fileName.startsWith('.vite/')
}

export function buildMetaPlugin(): Plugin {
  return {
    name: 'vchat:build-meta',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return
      const meta = buildMetaDirFor(options.dir)
      let cleared = false
      for (const fileName of Object.keys(bundle)) {
        if (!isBuildMeta(fileName)) continue
        if (!cleared) {
          // One build's meta folder: a map of a chunk that no longer exists must not linger there.
          rmSync(meta, { recursive: true, force: true })
          cleared = true
        }
        const target = path.join(meta, fileName.replace(/^\.vite\//, ''))
        mkdirSync(path.dirname(target), { recursive: true })
        renameSync(path.join(options.dir, fileName), target)
      }
      rmSync(path.join(options.dir, '.vite'), { recursive: true, force: true })
    },
  }
}
