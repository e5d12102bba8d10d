/**
 * `pnpm dev` (and `npm start`): the whole local stack in one terminal.
 *   - dev-server (product API, image host, development sign-in) on :8787, Prosody's websocket on :5280
 *   - the brand app (second by default) with Vite on :5173, proxying /api and /xmpp-websocket to them
 * Flags: --reset (start the database over), --brand default|second|third, --no-prosody.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const flag = (name: string) => args.includes(`--${name}`)
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}

const BRAND_PORTS: Record<string, number> = { second: 5173, default: 5174, third: 5175 }
const brand = option('brand', 'second')
if (!(brand in BRAND_PORTS)) {
  console.error(`Unknown brand "${brand}": choose default, second or third.`)
  process.exit(2)
}
const apiPort = Number(process.env.VCHAT_API_PORT ?? 8787)
const wsPort = Number(process.env.VCHAT_WS_PORT ?? 5280)

const children: ChildProcess[] = []
let stopping = false
function stopAll(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 1500).unref()
}
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))

interface StackReady {
  apiUrl: string
  wsUrl: string | null
  xmppDomain: string
  prosody: boolean
  turnUrl: string | null
}

function startStack(): Promise<StackReady> {
  // The dev-server runs from source: `@vchat/source` makes workspace packages (@vchat/contract) resolve
  // to their TypeScript entries, which Node's type stripping runs.
  const stackArgs = ['--conditions=@vchat/source', 'apps/dev-server/src/stack/cli.ts', '--api-port', String(apiPort), '--ws-port', String(wsPort)]
  if (flag('reset')) stackArgs.push('--reset')
  if (flag('no-prosody')) stackArgs.push('--no-prosody')
  const child = spawn(process.execPath, stackArgs, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (line.startsWith('VCHAT_STACK_READY ')) resolve(JSON.parse(line.slice('VCHAT_STACK_READY '.length)) as StackReady)
      else console.log(`[stack] ${line}`)
    })
    child.on('exit', (code) => {
      reject(new Error(`the local backend stopped (exit ${code})`))
      stopAll(code ?? 1)
    })
  })
}

const stack = await startStack()
const appPort = BRAND_PORTS[brand]!
const vite = spawn('pnpm', ['--filter', `@vchat/app-${brand}`, 'exec', 'vite', '--port', String(appPort), '--strictPort'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VCHAT_API_URL: stack.apiUrl, VCHAT_WS_URL: stack.wsUrl?.replace(/\/xmpp-websocket$/, '') ?? '' },
})
children.push(vite)
vite.on('exit', (code) => stopAll(code ?? 0))

/** The stack binds loopback only; print the friendlier name the README uses. */
const friendly = (url: string) => url.replace('127.0.0.1', 'localhost')

console.log(`
  vchat local stack
  ─────────────────
  brand app (${brand})  http://localhost:${appPort}
  dev-server           ${friendly(stack.apiUrl)}
  messaging            ${stack.wsUrl ? friendly(stack.wsUrl) : 'not running — install Prosody (Debian: apt-get install prosody) to chat and call'}
  call relay (TURN)    ${stack.turnUrl ?? 'not running — calls use host candidates; install coturn (Debian: apt-get install coturn) to relay them'}

  demo logins (uid / password)
    100001 / demo1234   paid user, 500 gems
    100002 / demo1234   free user, 0 gems
    264457001, 264457002 / demo1234   A/B variants (switch / swipe)
`)
