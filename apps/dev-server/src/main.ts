import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_API_PORT, PortInUseError, startDevServer } from './index.ts'
import { defaultDataDir } from './paths.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(DEFAULT_API_PORT) },
    'data-dir': { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
})

try {
  const server = await startDevServer({
    port: Number(values.port),
    dataDir: values['data-dir'] ? resolve(values['data-dir']) : defaultDataDir(),
    reset: values.reset,
  })
  console.log(`[dev-server] listening on ${server.url}`)
  const stop = () => {
    void server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof PortInUseError ? error.message : error)
  process.exit(1)
}
