import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { preloadLazyModules } from './lazyModules'

const here = dirname(fileURLToPath(import.meta.url))
const src = resolve(here, '..')
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'test-utils' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** `import()` targets of a file: packages by name, files relative to src without extension. */
function dynamicImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(DYNAMIC_IMPORT)].map(([, specifier]) =>
    specifier!.startsWith('.') ? relative(src, resolve(dirname(file), specifier!)) : specifier!,
  )
}

describe('preloadLazyModules', () => {
  it('lists every module the app loads with import(), and nothing else', () => {
    const inApp = new Set(sourceFiles(src).flatMap(dynamicImports))
    const listed = new Set(dynamicImports(join(here, 'lazyModules.ts')))
    expect([...listed].sort()).toEqual([...inApp].sort())
  })

  it('loads them all, once', async () => {
    const first = preloadLazyModules()
    expect(preloadLazyModules()).toBe(first)
    await expect(first).resolves.toBeUndefined()
  })
})
