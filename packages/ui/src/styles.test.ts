import { describe, expect, it } from 'vitest'

// The tests run on Node; the package's TypeScript settings carry no Node types, hence the specifier in a variable.
const NODE_FS = 'node:fs'

interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string
  readdirSync(path: string, options: { recursive: true }): string[]
}

/** The package's sources, paths relative to `src/` (the tests run in the package folder). */
async function sources(): Promise<{ files: string[]; read: (file: string) => string }> {
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as NodeFs
  const files = fs.readdirSync('src', { recursive: true }).map((file) => file.replaceAll('\\', '/'))
  return { files, read: (file) => fs.readFileSync(`src/${file}`, 'utf8') }
}

describe('styles.css, the one stylesheet', () => {
  it('imports every stylesheet of the package once', async () => {
    const { files, read } = await sources()
    const imported = [...read('styles.css').matchAll(/@import '\.\/([^']+)';/g)].map((match) => match[1])
    const stylesheets = files.filter((file) => file.endsWith('.css') && file !== 'styles.css')
    expect([...imported].sort()).toEqual([...stylesheets].sort())
    expect(new Set(imported).size).toBe(imported.length)
  })

  it('is the only way in: no component imports CSS, whose rules the published stylesheet would miss', async () => {
    const { files, read } = await sources()
    const importingCss = files.filter((file) => /\.tsx?$/.test(file) && /import\s+['"][^'"]+\.css['"]/.test(read(file)))
    expect(importingCss).toEqual([])
  })
})
