/**
 * A Verdaccio registry of our own for one test run: loopback only, its config, storage and users in a
 * temporary folder removed at the end. `@vchat/*` and `@vchat-fixture/*` are published to it and never
 * looked up elsewhere; every other package comes through it from the npm registry this machine uses,
 * so the app installs exactly as it would from the public registry.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { execFile } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { scratchDir, shellEnv } from './workspace.ts'

const execFileAsync = promisify(execFile)
const LOOPBACK = '127.0.0.1'
/** Verdaccio needs a few seconds to load its plugins on a busy machine. */
const START_TIMEOUT_MS = 60_000
/** Scopes only this registry holds: published by the tests, never proxied. */
const LOCAL_SCOPES = ['@vchat', '@vchat-fixture'] as const

/** What the tests need to reach the registry (handed from the global set-up to each test file). */
export interface RegistryInfo {
  url: string
  /** A publish token of the registry's one user. */
  token: string
}

export interface Registry extends RegistryInfo {
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, LOOPBACK, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

async function npmConfig(key: string): Promise<string | null> {
  const { stdout } = await execFileAsync('npm', ['config', 'get', key], { env: shellEnv() })
  const value = stdout.trim()
  return value === '' || value === 'null' || value === 'undefined' ? null : value
}

/** The registry npm is configured with on this machine (the public one unless a mirror is set). */
async function upstreamRegistry(): Promise<string> {
  const url = (await npmConfig('registry')) ?? 'https://registry.npmjs.org/'
  return url.endsWith('/') ? url : `${url}/`
}

function configYaml(storage: string, htpasswd: string, upstream: string): string {
  const local = LOCAL_SCOPES.map((scope) => `  '${scope}/*':\n    access: $all\n    publish: $authenticated\n`).join('')
  return [
    `storage: ${JSON.stringify(storage)}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(htpasswd)}`,
    '    max_users: 1',
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstream)}`,
    '    timeout: 60s',
    'packages:',
    local.trimEnd(),
    "  '**':",
    '    access: $all',
    '    proxy: upstream',
    // Nothing here for a person to browse, and no audit requests leave the machine.
    'web:',
    '  enable: false',
    'middlewares:',
    '  audit:',
    '    enabled: false',
    'max_body_size: 50mb',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n')
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited (${child.exitCode}) before answering:\n${output()}`)
    const up = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Verdaccio did not answer at ${url} within ${START_TIMEOUT_MS} ms:\n${output()}`)
}

/** The registry's one user, created on the fresh storage; its token publishes. */
async function addUser(url: string): Promise<string> {
  const response = await fetch(`${url}-/user/org.couchdb.user:vchat`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'vchat', password: 'vchat-local-registry' }),
  })
  const body = (await response.json()) as { token?: string; error?: string }
  if (!response.ok || !body.token) throw new Error(`Verdaccio refused the test user: ${response.status} ${body.error ?? ''}`)
  return body.token
}

export async function startRegistry(): Promise<Registry> {
  const dir = await scratchDir('registry')
  const configFile = join(dir, 'config.yaml')
  await writeFile(configFile, configYaml(join(dir, 'storage'), join(dir, 'htpasswd'), await upstreamRegistry()))
  const port = await freePort()
  const url = `http://${LOOPBACK}:${port}/`
  // The project's own Verdaccio (a devDependency of this package), never a system one.
  const bin = join(dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')), 'bin', 'verdaccio')
  // Verdaccio reaches the npm registry as Node does here: through the proxy and with the extra
  // certificates the environment names (turbo passes them on to this test, see turbo.json).
  const child = spawn(process.execPath, [bin, '--config', configFile, '--listen', `${LOOPBACK}:${port}`], {
    cwd: dir,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  // A run that ends without its tear-down (interrupted, crashed) takes the registry with it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(kill)
    }
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await waitUntilUp(url, child, () => output)
    return { url, token: await addUser(url), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `.npmrc` lines that send every install and publish to the registry. */
export function npmrc(registry: RegistryInfo, withToken: boolean): string {
  const host = registry.url.replace(/^https?:/, '')
  return [`registry=${registry.url}`, ...(withToken ? [`${host}:_authToken=${registry.token}`] : []), ''].join('\n')
}

/**
 * Publishes a tarball with npm, as a release would. A prerelease version needs a dist-tag of its own
 * (npm refuses to make one `latest`): the fixtures pass their variant's name.
 */
export async function publishTarball(registry: RegistryInfo, tarball: string, tag = 'latest'): Promise<void> {
  const dir = await scratchDir('publish')
  try {
    const userconfig = join(dir, '.npmrc')
    await writeFile(userconfig, npmrc(registry, true))
    await execFileAsync('npm', ['publish', tarball, '--userconfig', userconfig, '--registry', registry.url, '--tag', tag, '--loglevel=error'], { cwd: dir, env: shellEnv() })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`npm publish ${tarball} to the test registry failed: ${stderr || String(error)}`, { cause: error })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
