/**
 * `node apps/web-host/src/cli.ts --root <built folder> [--port N] [--host 127.0.0.1] [--api URL] [--ws URL]`:
 * serves a built brand app as production does (see webHost.ts). `--api` and `--ws` name the local
 * stack for a build whose API is same-origin. Prints `VCHAT_WEB_HOST_READY <url>` once listening.
 */
import { parseArgs } from 'node:util'
import { createWebHost } from './webHost.ts'

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    api: { type: 'string' },
    ws: { type: 'string' },
  },
})
if (!values.root) {
  console.error('usage: cli.ts --root <built folder> [--port N] [--host H] [--api URL] [--ws URL]')
  process.exit(2)
}
const server = createWebHost({
  root: values.root,
  ...(values.api ? { apiUrl: values.api } : {}),
  ...(values.ws ? { websocketUrl: values.ws } : {}),
  log: (line) => console.error(`[web-host] ${line}`),
})
server.listen(Number(values.port), values.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : Number(values.port)
  console.log(`VCHAT_WEB_HOST_READY http://${values.host}:${port}`)
})
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close()
    server.closeAllConnections()
    process.exit(0)
  })
}
