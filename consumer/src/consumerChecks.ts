/**
 * The checks an app outside the workspace runs on the packages it installed. The consumer test runs
 * them on the published @vchat/* packages, the fault tests on deliberately broken fixture packages, so
 * each check is shown to catch the fault it is for.
 *
 * - `installedPackageProblems`: every file an `exports` map names is in the published package, and
 *   every package its built code or declarations import is a dependency or a peer dependency of it
 *   (npm may hoist an undeclared one into reach, an app that installs differently does not have it).
 * - `entryCoverageProblems`: the app imports every entry of every package's `exports` map, so no entry
 *   goes unchecked by the steps below.
 * - `installApp`, `typecheckApp`, `buildApp`, `testApp`: `npm install`, `tsc` (strict, the packages'
 *   declarations checked too), `vite build` and `vitest run` in the app, as its developer would.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import ts from 'typescript'
import type { ExportsValue, Manifest } from './workspace.ts'
import { readManifest, shellEnv } from './workspace.ts'

export interface CommandResult {
  code: number | null
  output: string
}

/** Runs a command in `cwd` as a developer's shell would, its output (stdout and stderr, uncoloured) kept for the failure message. */
export function runCommand(command: string, args: string[], cwd: string): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: shellEnv({ NO_COLOR: '1', FORCE_COLOR: '0' }), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8')
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, output }))
  })
}

/** Throws with the command's output when it failed: the message says what the app's developer would see. */
export function assertSucceeded(what: string, result: CommandResult): void {
  if (result.code === 0) return
  const output = result.output.trim().split('\n').slice(-60).join('\n')
  throw new Error(`${what} failed (exit code ${result.code}):\n${output}`)
}

// ---------------------------------------------------------------------------------------------------
// Files named by the exports map

interface ExportsTarget {
  /** The entry, e.g. `.` or `./styles.css`. */
  entry: string
  /** The conditions leading to the target, e.g. `import.types`. */
  conditions: string
  target: string
}

function exportsTargets(exportsMap: ExportsValue | undefined): ExportsTarget[] {
  if (exportsMap === undefined || exportsMap === null) return []
  const targets: ExportsTarget[] = []
  const walk = (value: ExportsValue, entry: string, conditions: string[]) => {
    if (value === null) return
    if (typeof value === 'string') targets.push({ entry, conditions: conditions.join('.') || 'default', target: value })
    else if (Array.isArray(value)) for (const item of value) walk(item, entry, conditions)
    else for (const [key, inner] of Object.entries(value)) walk(inner, entry, [...conditions, key])
  }
  // A map whose keys are entries (`.`, `./x`); otherwise the whole value is the `.` entry.
  if (typeof exportsMap === 'object' && !Array.isArray(exportsMap) && Object.keys(exportsMap).some((key) => key.startsWith('.'))) {
    for (const [entry, value] of Object.entries(exportsMap)) walk(value, entry, [])
  } else {
    walk(exportsMap, '.', [])
  }
  return targets
}

/** The entries of an exports map (`.`, `./styles.css`, …). */
export function exportEntries(manifest: Manifest): string[] {
  return [...new Set(exportsTargets(manifest.exports).map((target) => target.entry))]
}

function missingExportFiles(packageDir: string, manifest: Manifest): string[] {
  return exportsTargets(manifest.exports)
    .filter(({ target }) => !target.includes('*') && !existsSync(join(packageDir, target)))
    .map(({ entry, conditions, target }) => `${manifest.name}: exports["${entry}"] (${conditions}) names ${target}, which the published package does not contain`)
}

// ---------------------------------------------------------------------------------------------------
// Imports of packages the manifest does not declare

const BUILTINS = new Set(builtinModules)
const CODE_FILE = /\.(?:[cm]?js|d\.[cm]?ts)$/

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); null for relative paths and Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.includes(':')) return null
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
  return BUILTINS.has(name) ? null : name
}

/** DefinitelyTyped's package for `name`: `@types/react`, `@types/scope__name`. */
function typesPackageOf(name: string): string {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`
}

/** Every specifier a file imports, requires or loads with `import()`, comments and strings aside. */
function importedSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)
}

async function filesUnder(dir: string, skip: (path: string) => boolean): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (skip(path)) continue
    if (entry.isDirectory()) found.push(...(await filesUnder(path, skip)))
    else found.push(path)
  }
  return found
}

/**
 * Imports of packages `manifest` names in none of dependencies, peerDependencies, optionalDependencies
 * (and, for `devDependencies: true`, devDependencies: an app's own source). A declaration file may also
 * take a package's types from its DefinitelyTyped package.
 */
export async function undeclaredImports(rootDir: string, files: string[], manifest: Manifest, options: { devDependencies?: boolean } = {}): Promise<string[]> {
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
    ...(options.devDependencies ? Object.keys(manifest.devDependencies ?? {}) : []),
  ])
  const problems = new Set<string>()
  for (const file of files) {
    const isDeclaration = /\.d\.[cm]?ts$/.test(file)
    for (const specifier of importedSpecifiers(await readFile(file, 'utf8'))) {
      const name = packageOf(specifier)
      if (name === null || declared.has(name) || (isDeclaration && declared.has(typesPackageOf(name)))) continue
      problems.add(`${manifest.name} imports "${name}" (${relative(rootDir, file)}) but names it in neither dependencies nor peerDependencies`)
    }
  }
  return [...problems]
}

/**
 * What an app would trip over in the installed packages `names`: files their exports maps name but
 * the packages lack, and packages their built code and declarations import without declaring them.
 * The sources shipped for the workspace (`src/`, the `@vchat/source` condition) are not what an app
 * runs, so only the rest is read.
 */
export async function installedPackageProblems(appDir: string, names: string[]): Promise<string[]> {
  const problems: string[] = []
  for (const name of names) {
    const packageDir = join(appDir, 'node_modules', name)
    if (!existsSync(join(packageDir, 'package.json'))) {
      problems.push(`${name} is not installed in the app`)
      continue
    }
    const manifest = await readManifest(packageDir)
    problems.push(...missingExportFiles(packageDir, manifest))
    const files = await filesUnder(packageDir, (path) => path === join(packageDir, 'src') || path === join(packageDir, 'node_modules'))
    problems.push(...(await undeclaredImports(packageDir, files.filter((file) => CODE_FILE.test(file)), manifest)))
  }
  return problems
}

// ---------------------------------------------------------------------------------------------------
// Every entry used by the app

/** The app's own source files (`src/`, the config files beside it). */
export async function appSourceFiles(appDir: string): Promise<string[]> {
  const top = (await readdir(appDir)).filter((file) => /\.config\.[cm]?ts$/.test(file)).map((file) => join(appDir, file))
  const src = await filesUnder(join(appDir, 'src'), () => false)
  return [...top, ...src.filter((file) => /\.[cm]?tsx?$/.test(file))]
}

/** Entries of the packages' exports maps that no file of the app imports. */
export async function entryCoverageProblems(sourceFiles: string[], manifests: Manifest[]): Promise<string[]> {
  const imported = new Set<string>()
  for (const file of sourceFiles) for (const specifier of importedSpecifiers(await readFile(file, 'utf8'))) imported.add(specifier)
  const problems: string[] = []
  for (const manifest of manifests) {
    for (const entry of exportEntries(manifest)) {
      const specifier = entry === '.' ? manifest.name : `${manifest.name}${entry.slice(1)}`
      if (!imported.has(specifier)) problems.push(`the app never imports "${specifier}" (exports["${entry}"] of ${manifest.name}): use it in the app so it is checked as a consumer sees it`)
    }
  }
  return problems
}

// ---------------------------------------------------------------------------------------------------
// The app's own steps

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error']

export function installApp(appDir: string, packages: string[] = []): Promise<CommandResult> {
  return runCommand('npm', ['install', ...NPM_QUIET, ...packages], appDir)
}

function appBin(appDir: string, name: string): string {
  return join(appDir, 'node_modules', '.bin', name)
}

export function typecheckApp(appDir: string): Promise<CommandResult> {
  return runCommand(appBin(appDir, 'tsc'), ['-p', 'tsconfig.json'], appDir)
}

export function buildApp(appDir: string): Promise<CommandResult> {
  return runCommand(appBin(appDir, 'vite'), ['build', '--logLevel', 'warn'], appDir)
}

export function testApp(appDir: string): Promise<CommandResult> {
  return runCommand(appBin(appDir, 'vitest'), ['run'], appDir)
}
