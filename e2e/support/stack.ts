/**
 * Starts what the browser tests talk to, on free ports so a running `pnpm dev` is never disturbed:
 * the local backend with Prosody (stack CLI, fresh database) and, per brand, the production host
 * (`@vchat/web-host`) serving the localstack build with its security headers and Content-Security-
 * Policy, forwarding /api, /dev… and /xmpp-websocket to the stack. The tests run under that policy:
 * a violation fails the test that caused it (fixtures.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startFaultProxy, type FaultProxy } from '@vchat/dev-server/fault-proxy'

export type { FaultProxy }

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BRANDS = ['default', 'second', 'third'] as const
export type BrandId = (typeof BRANDS)[number]

/** VCHAT_E2E_BRANDS=second (comma-separated) builds and serves only those brands: quicker local runs. */
function brandsUnderTest(): BrandId[] {
  const wanted = process.env.VCHAT_E2E_BRANDS?.split(',').map((b) => b.trim()).filter(Boolean)
  if (!wanted?.length) return [...BRANDS]
  const unknown = wanted.filter((b) => !(BRANDS as readonly string[]).includes(b))
  if (unknown.length) throw new Error(`VCHAT_E2E_BRANDS names unknown brands: ${unknown.join(', ')}`)
  return wanted as BrandId[]
}

export interface StackInfo {
  apiUrl: string
  wsUrl: string | null
  xmppDomain: string
  prosody: boolean
  /** `turn:host:port` of the stack's coturn, or null when it is not installed. */
  turnUrl: string | null
}

export interface RunningStack {
  stack: StackInfo
  appUrls: Partial<Record<BrandId, string>>
  /**
   * With `startStack({ xmppFaults: true })`: a TCP fault proxy between the web hosts and Prosody's
   * websocket port, playing the phone's network (cut every connection, refuse reconnects). Frames
   * pass at socket speed, unlike a Playwright websocket route that relays each one through the
   * test runner.
   */
  xmppFaults: FaultProxy | null
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function waitForLine(child: ChildProcess, prefix: string, what: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not become ready within ${timeoutMs} ms`)), timeoutMs)
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (line.startsWith(prefix)) {
        clearTimeout(timer)
        resolve(line.slice(prefix.length))
      } else if (process.env.VCHAT_E2E_DEBUG) console.log(`[${what}] ${line}`)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited early (code ${code})`))
    })
  })
}

/**
 * `VCHAT_E2E_PRIVATE_BUILD=1` builds each brand into a folder of its own for this run (no turbo cache),
 * so several e2e runs on one working tree never serve each other's half-written builds.
 */
const outDirArgs = (privateBuildRoot: string | null, brand: BrandId) => (privateBuildRoot ? ['--outDir', path.join(privateBuildRoot, brand), '--emptyOutDir'] : [])

function buildLocalstackApps(brands: readonly BrandId[] = BRANDS, privateBuildRoot: string | null = null): void {
  if (privateBuildRoot) {
    for (const brand of brands) {
      const result = spawnSync('pnpm', ['exec', 'vite', 'build', '--mode', 'localstack', '--logLevel', 'error', ...outDirArgs(privateBuildRoot, brand)], {
        cwd: path.join(ROOT, 'apps', brand),
        stdio: 'inherit',
      })
      if (result.status !== 0) throw new Error(`building the ${brand} app failed`)
    }
    return
  }
  const filters = brands.map((brand) => `--filter=@vchat/app-${brand}`)
  const result = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build:localstack', ...filters, '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('building the brand apps failed')
}

export async function startStack(options: { build?: boolean; xmppFaults?: boolean } = {}): Promise<RunningStack> {
  const brands = brandsUnderTest()
  const privateBuildRoot = process.env.VCHAT_E2E_PRIVATE_BUILD === '1' ? mkdtempSync(path.join(tmpdir(), 'vchat-e2e-build-')) : null
  if (options.build !== false) buildLocalstackApps(brands, privateBuildRoot)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vchat-e2e-'))
  const children: ChildProcess[] = []
  let xmppFaults: FaultProxy | null = null
  const stop = async () => {
    await xmppFaults?.close()
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 3000).unref()
          }),
      ),
    )
    rmSync(dataDir, { recursive: true, force: true })
    if (privateBuildRoot) rmSync(privateBuildRoot, { recursive: true, force: true })
  }
  try {
    const stackProcess = spawn(
      process.execPath,
      // `@vchat/source`: workspace packages resolve to their TypeScript entries (run from source).
      ['--conditions=@vchat/source', 'apps/dev-server/src/stack/cli.ts', '--api-port', '0', '--ws-port', '0', '--data-dir', dataDir, '--reset'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    children.push(stackProcess)
    const stack = JSON.parse(await waitForLine(stackProcess, 'VCHAT_STACK_READY ', 'stack', 30_000)) as StackInfo

    if (options.xmppFaults && stack.wsUrl) {
      const prosodyPort = Number(new URL(stack.wsUrl).port)
      xmppFaults = await startFaultProxy(() => prosodyPort)
    }
    const appUrls: Partial<Record<BrandId, string>> = {}
    await Promise.all(
      brands.map(async (brand) => {
        const port = await freePort()
        const root = privateBuildRoot ? path.join(privateBuildRoot, brand) : path.join(ROOT, 'apps', brand, 'dist-localstack')
        const wsBase = !stack.wsUrl ? '' : xmppFaults ? `http://127.0.0.1:${xmppFaults.port}` : stack.wsUrl.replace(/\/xmpp-websocket$/, '')
        const host = spawn(
          process.execPath,
          ['apps/web-host/src/cli.ts', '--root', root, '--port', String(port), '--host', '127.0.0.1', '--api', stack.apiUrl, ...(wsBase ? ['--ws', wsBase] : [])],
          { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
        )
        children.push(host)
        appUrls[brand] = await waitForLine(host, 'VCHAT_WEB_HOST_READY ', `${brand} web host`, 30_000)
      }),
    )
    return { stack, appUrls, xmppFaults, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
