/**
 * Country flags as static files: `/flags/<CODE>.svg`, the 3:2 SVGs of `country-flag-icons` (MIT).
 * Emoji flags show as two letters on Windows and as nothing where no emoji font exists; these are
 * pictures everywhere, fetched only for the countries on screen and never part of the JavaScript
 * (so the landing budget is untouched). The dev server answers them from the package; the build
 * writes them beside the app. `flagSrc` (src/features/anchor/flags.ts) builds the same URLs.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'
import { FLAGS_DIR } from '../src/constants.ts'

const FLAG_FILE = /^[A-Z]{2}\.svg$/

/** Where the package keeps its 3:2 SVGs (its exports name no files, so the folder is found from its entry). */
function flagSourceDir(): string {
  const entry = createRequire(import.meta.url).resolve('country-flag-icons')
  return path.join(path.dirname(entry), '3x2')
}

export function flagsPlugin(): Plugin {
  const dir = flagSourceDir()
  return {
    name: 'vchat-flags',
    configureServer(server) {
      server.middlewares.use(`/${FLAGS_DIR}/`, (req, res, next) => {
        const name = (req.url ?? '').slice(1).split('?')[0] ?? ''
        const file = path.join(dir, name)
        if (!FLAG_FILE.test(name) || !existsSync(file)) return next()
        res.setHeader('Content-Type', 'image/svg+xml')
        res.setHeader('Cache-Control', 'public, max-age=86400')
        res.end(readFileSync(file))
      })
    },
    generateBundle() {
      for (const name of readdirSync(dir)) {
        if (FLAG_FILE.test(name)) this.emitFile({ type: 'asset', fileName: `${FLAGS_DIR}/${name}`, source: readFileSync(path.join(dir, name)) })
      }
    },
  }
}
