import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_API_PORT, DEFAULT_WS_PORT } from '../constants.ts'
import { prosodyInstallHint, readyLine, startStack, turnInstallHint } from './index.ts'

const USAGE =
  'Usage: node --conditions=@vchat/source apps/dev-server/src/stack/cli.ts [--api-port 8787] [--ws-port 5280] [--data-dir DIR] [--reset] [--no-prosody] [--no-turn]'

function port(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    console.error(`${flag} must be a port number (0 picks a free port), got "${value}"\n${USAGE}`)
    process.exit(2)
  }
  return parsed
}

let values
try {
  values = parseArgs({
    options: {
      'api-port': { type: 'string' },
      'ws-port': { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-prosody': { type: 'boolean', default: false },
      'no-turn': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  process.exit(2)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

try {
  const stack = await startStack({
    apiPort: port(values['api-port'], DEFAULT_API_PORT, '--api-port'),
    wsPort: port(values['ws-port'], DEFAULT_WS_PORT, '--ws-port'),
    ...(values['data-dir'] ? { dataDir: resolve(values['data-dir']) } : {}),
    reset: values.reset,
    prosody: !values['no-prosody'],
    turn: !values['no-turn'],
  })
  if (stack.prosodyUnavailable !== null) console.error(prosodyInstallHint(stack.prosodyUnavailable))
  if (stack.turnUnavailable !== null) console.error(turnInstallHint(stack.turnUnavailable))
  console.log(readyLine(stack))
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`[stack] ${signal}: stopping`)
    void stack.close().then(() => process.exit(0))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
} catch (error) {
  if (error instanceof Error && error.name === 'PortInUseError') console.error(`[stack] ${error.message}`)
  else console.error('[stack] failed to start:', error)
  process.exit(1)
}
