/**
 * The workspace side of the consumer test: which packages are published, their tarballs as pnpm packs
 * them, and the versions the workspace pins for the tools the app installs too.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** The app the test installs the packages into: what a new Vite + React + TypeScript app writes. */
export const APP_TEMPLATE = fileURLToPath(new URL('../app/', import.meta.url))

/** The fields of a package manifest the checks read. */
export interface Manifest {
  name: string
  version: string
  private?: boolean
  exports?: ExportsValue
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

/** An `exports` map or one of its branches: a target path, conditions, or nothing (a blocked path). */
export type ExportsValue = string | null | ExportsValue[] | { [keyOrCondition: string]: ExportsValue }

export interface WorkspacePackage {
  dir: string
  manifest: Manifest
}

export async function readManifest(dir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Manifest
}

/** Every package under packages/ that is not private: what the project publishes. */
export async function publishedPackages(): Promise<WorkspacePackage[]> {
  const packagesDir = join(ROOT, 'packages')
  const found: WorkspacePackage[] = []
  for (const entry of (await readdir(packagesDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue
    const dir = join(packagesDir, entry.name)
    const manifest = await readManifest(dir)
    if (!manifest.private) found.push({ dir, manifest })
  }
  return found
}

/**
 * The tarball `pnpm pack` writes for a package: what `pnpm publish` would send, with the `catalog:`
 * and `workspace:` ranges replaced by real ones and `publishConfig` applied (as scripts/check-package.ts).
 */
export async function packPackage(dir: string, destination: string): Promise<string> {
  // A folder per package: packs run side by side, and each must find its own tarball.
  const folder = await mkdtemp(join(destination, 'pack-'))
  await execFileAsync('pnpm', ['pack', '--pack-destination', folder], { cwd: dir, env: shellEnv() })
  const tarball = (await readdir(folder)).find((file) => file.endsWith('.tgz'))
  if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`)
  return join(folder, tarball)
}

/**
 * This process's environment without the `npm_*` variables a package manager sets for the scripts it
 * runs (`npm_config_registry` among them, which would outrank the app's `.npmrc`): the tools run as in
 * a developer's shell.
 */
export function shellEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))), ...extra }
}

export function scratchDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `vchat-${prefix}-`))
}

/**
 * The default catalog of pnpm-workspace.yaml (`name: version` lines under `catalog:`): the app installs
 * the workspace's own versions of React's types, TypeScript, Vite and Vitest. A flat list of scalars, so
 * a line reader does; the named catalogs (`catalogs:`) are left out.
 */
export async function catalogVersions(): Promise<Record<string, string>> {
  const lines = (await readFile(join(ROOT, 'pnpm-workspace.yaml'), 'utf8')).split('\n')
  const versions: Record<string, string> = {}
  let inCatalog = false
  for (const line of lines) {
    if (/^\S/.test(line)) inCatalog = line.trimEnd() === 'catalog:'
    const entry = inCatalog ? /^ {2}"?([^":#\s]+)"?:\s*(\S+)/.exec(line) : null
    if (entry?.[1] && entry[2]) versions[entry[1]] = entry[2]
  }
  return versions
}
