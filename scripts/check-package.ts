/**
 * `check:package` of every published package (`pnpm check:packages` runs it in each package folder,
 * after the build): checks the tarball pnpm publishes, not the folder. pnpm replaces the `catalog:`
 * and `workspace:` ranges of the manifest when it packs (npm, which `attw --pack` would use, leaves
 * them in, and an install of such a manifest fails), so what is checked here is what a consumer gets.
 *
 * The package is packed with `pnpm pack` into a temporary folder; then its manifest is read from the
 * tarball (no `catalog:` or `workspace:` range left, a LICENSE beside it), and publint (`--strict`)
 * and are-the-types-wrong (`--profile node16`) run on the tarball itself. Arguments are passed on to
 * are-the-types-wrong, e.g. `--exclude-entrypoints ./styles.css` for an entry without types.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'] as const
/** Ranges only the workspace understands; pnpm rewrites them when it packs. */
const WORKSPACE_PROTOCOLS = ['catalog:', 'workspace:']

type Manifest = { name?: string } & Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>>

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: 'inherit' })
}

/** What a consumer would trip over in the packed manifest and file list. */
function manifestProblems(unpacked: string): string[] {
  const manifest = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as Manifest
  const problems: string[] = []
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (WORKSPACE_PROTOCOLS.some((protocol) => range.startsWith(protocol))) problems.push(`${field}.${name} is "${range}" in the tarball`)
    }
  }
  if (!readdirSync(unpacked).includes('LICENSE')) problems.push('the tarball has no LICENSE')
  return problems
}

/** Packs the package in the current folder and checks the tarball; true when every check passed. */
function checkPackedTarball(packageDir: string, attwArguments: string[]): boolean {
  const scratch = mkdtempSync(join(tmpdir(), 'vchat-check-package-'))
  try {
    execFileSync('pnpm', ['pack', '--pack-destination', scratch], { cwd: packageDir, stdio: 'ignore' })
    const tarballName = readdirSync(scratch).find((file) => file.endsWith('.tgz'))
    if (!tarballName) throw new Error(`pnpm pack wrote no tarball into ${scratch}`)
    const tarball = join(scratch, tarballName)
    console.log(`Checking ${tarballName} (packed by pnpm)`)

    run('tar', ['-xzf', tarball, '-C', scratch], packageDir)
    const problems = manifestProblems(join(scratch, 'package'))
    for (const problem of problems) console.error(`✗ ${problem}`)
    if (problems.length === 0) console.log('Manifest: real ranges only, LICENSE included')

    run('publint', ['--strict', tarball], packageDir)
    run('attw', [tarball, '--profile', 'node16', ...attwArguments], packageDir)
    return problems.length === 0
  } catch (error) {
    // publint and attw have printed their findings already; a spawn or pack failure has only its message.
    console.error(error instanceof Error ? error.message : error)
    return false
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (!checkPackedTarball(process.cwd(), process.argv.slice(2))) process.exit(1)
