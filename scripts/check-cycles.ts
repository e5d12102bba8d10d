/**
 * `pnpm lint:cycles`: fails when any workspace package has an import cycle, type-only imports
 * included (a type circle still ties modules together: one cannot be read, moved or split without
 * the other). Run by `pnpm lint`.
 *
 * Each package is read with its own tsconfig (its paths and module resolution). Imports of other
 * packages are not followed: the workspace's dependency direction is kept by the package manifests.
 * madge does the graph work; this script only walks the workspace and reports.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import madge from 'madge'

const root = join(import.meta.dirname, '..')
const GROUPS = ['packages', 'apps', 'brands']

/** Every workspace package with a `src` folder and a tsconfig, as [folder, tsconfig]. */
function packageFolders(): [string, string][] {
  const found: [string, string][] = []
  for (const group of GROUPS) {
    const groupDir = join(root, group)
    if (!existsSync(groupDir)) continue
    for (const name of readdirSync(groupDir).sort()) {
      const dir = join(groupDir, name)
      const tsConfig = join(dir, 'tsconfig.json')
      if (existsSync(join(dir, 'src')) && existsSync(tsConfig)) found.push([dir, tsConfig])
    }
  }
  return found
}

let failed = false
for (const [dir, tsConfig] of packageFolders()) {
  const graph = await madge(join(dir, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    // Type-only imports are edges too (see above).
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  })
  const cycles = graph.circular()
  const name = relative(root, dir)
  if (cycles.length === 0) {
    console.log(`${name}: no import cycle`)
    continue
  }
  failed = true
  console.error(`${name}: ${cycles.length} import cycle(s)`)
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`)
}
if (failed) {
  console.error('Import cycles found: move the shared part (often a type) into a module both sides import.')
  process.exit(1)
}
