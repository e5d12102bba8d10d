import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, CACHE_SHORT, createWebHost, withImageOrigin } from './webHost.ts'

const HEADERS = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(self), microphone=(self)',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Frame-Options': 'DENY',
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

/** Writes a built app the way the Vite config leaves it: the folder, and its maps and host.json beside it. */
function builtApp(root: string): string {
  const dist = path.join(root, 'dist')
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>app</title>',
    'assets/index-abc123.js': 'console.log("app")'.repeat(50),
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'icons/icon-192.png': 'png',
    // Copied in by mistake: still never served.
    'assets/index-abc123.js.map': '{"sources":["secret.ts"]}',
    '.vite/chunk-modules.json': '{}',
  }
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    writeFileSync(path.join(dist, file), body)
  }
  mkdirSync(path.join(root, 'dist-meta'), { recursive: true })
  writeFileSync(path.join(root, 'dist-meta/host.json'), JSON.stringify({ headers: HEADERS, forward: { http: ['/api', '/dev'], websocket: '/xmpp-websocket' } }))
  writeFileSync(path.join(root, 'package.json'), '{"secret":true}')
  return dist
}

describe('the production host', () => {
  let root: string
  let host: Server
  let api: Server
  let messaging: Server
  let url: string
  let apiOrigin: string
  const forwarded: { method: string; url: string; body: string; host: string }[] = []
  /** Upgraded sockets leave the HTTP server's bookkeeping: closed by hand at the end. */
  const upgraded: { destroy(): void }[] = []

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'vchat-web-host-'))
    const dist = builtApp(root)
    api = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        forwarded.push({ method: req.method ?? '', url: req.url ?? '', body, host: req.headers.host ?? '' })
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end('{"result":1}')
      })
    })
    messaging = createServer()
    // The messaging server accepts the upgrade and speaks first.
    messaging.on('upgrade', (_req, socket) => {
      upgraded.push(socket)
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\nhello from messaging')
      socket.on('data', (data: Buffer) => socket.write(`echo:${data.toString()}`))
    })
    const apiUrl = await listen(api)
    apiOrigin = new URL(apiUrl).origin
    const messagingUrl = (await listen(messaging)).replace('http:', 'ws:')
    host = createWebHost({ root: dist, apiUrl, websocketUrl: messagingUrl })
    url = await listen(host)
  })
  afterAll(async () => {
    for (const socket of upgraded) socket.destroy()
    for (const server of [host, api, messaging]) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
    rmSync(root, { recursive: true, force: true })
  })

  it('sends the build’s security headers with every answer of its own: files, app routes, 404s, refusals', async () => {
    for (const [pathname, init] of [
      ['/', {}],
      ['/assets/index-abc123.js', {}],
      ['/message', {}],
      ['/missing.png', {}],
      ['/assets/index-abc123.js.map', {}],
      ['/index.html', { method: 'POST' }],
    ] as const) {
      const response = await fetch(url + pathname, init)
      for (const [name, value] of Object.entries(HEADERS)) {
        // The stack plays the image host: its origin joins where images, media and fetches may come from.
        const expected = name === 'Content-Security-Policy' ? withImageOrigin(value, apiOrigin) : value
        expect(response.headers.get(name), `${name} on ${pathname}`).toBe(expected)
      }
    }
  })

  it('never serves a source map, a dot-folder or a file outside the folder', async () => {
    for (const pathname of ['/assets/index-abc123.js.map', '/.vite/chunk-modules.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json']) {
      const response = await fetch(url + pathname)
      expect(response.status, pathname).toBe(404)
      expect(await response.text()).not.toContain('secret')
    }
  })

  it('caches hashed assets for a year, revalidates the page and the service worker, answers app routes with the page', async () => {
    const asset = await fetch(`${url}/assets/index-abc123.js`)
    expect([asset.status, asset.headers.get('cache-control'), asset.headers.get('content-type')]).toEqual([200, CACHE_IMMUTABLE, 'text/javascript; charset=utf-8'])
    for (const pathname of ['/', '/index.html', '/sw.js']) expect((await fetch(url + pathname)).headers.get('cache-control'), pathname).toBe(CACHE_REVALIDATE)
    expect((await fetch(`${url}/icons/icon-192.png`)).headers.get('cache-control')).toBe(CACHE_SHORT)
    const route = await fetch(`${url}/anchorprofile?jid=a%40b`)
    expect([route.status, route.headers.get('cache-control'), await route.text()]).toEqual([200, CACHE_REVALIDATE, '<!doctype html><title>app</title>'])
    expect((await fetch(`${url}/missing.png`)).status).toBe(404)
    expect((await fetch(`${url}/index.html`, { method: 'POST' })).status).toBe(405)
  })

  it('compresses text for a browser that accepts gzip', async () => {
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () =>
        socket.write('GET /assets/index-abc123.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n'),
      )
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.on('error', reject)
      socket.on('end', () => {
        const all = Buffer.concat(chunks)
        const split = all.indexOf('\r\n\r\n')
        const head = all.subarray(0, split).toString()
        resolve({ encoding: /content-encoding: (\S+)/i.exec(head)?.[1], body: all.subarray(split + 4) })
      })
    })
    expect(raw.encoding).toBe('gzip')
    expect(gunzipSync(raw.body).toString()).toBe('console.log("app")'.repeat(50))
  })

  it('forwards the local stack’s paths with method, query and body, and passes the websocket upgrade through', async () => {
    const answer = await fetch(`${url}/api/login_service/login?x=1`, { method: 'POST', body: '{"data":1}', headers: { 'content-type': 'application/json' } })
    expect(await answer.json()).toEqual({ result: 1 })
    expect(forwarded.at(-1)).toMatchObject({ method: 'POST', url: '/api/login_service/login?x=1', body: '{"data":1}' })
    expect(forwarded.at(-1)?.host).not.toBe(new URL(url).host)
    // The stack's answer as it sent it: the app's policy is for the app's own documents.
    expect([answer.headers.get('content-type'), answer.headers.get('content-security-policy')]).toEqual(['application/json', null])

    const heard = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () =>
        socket.write('GET /xmpp-websocket HTTP/1.1\r\nHost: app\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\nSec-WebSocket-Version: 13\r\n\r\n'),
      )
      let text = ''
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('hello from messaging') && !text.includes('echo:')) socket.write('ping')
        if (text.includes('echo:ping')) {
          socket.destroy()
          resolve(text)
        }
      })
      socket.on('error', reject)
    })
    expect(heard).toContain('101 Switching Protocols')
    expect(heard).toContain('echo:ping')
  })

  it('adds the stack’s origin to the image, media and connect sources only', () => {
    expect(withImageOrigin(HEADERS['Content-Security-Policy'], 'http://127.0.0.1:9')).toBe(
      "default-src 'self'; script-src 'self'; img-src 'self' data: http://127.0.0.1:9; media-src 'self' http://127.0.0.1:9; connect-src 'self' http://127.0.0.1:9",
    )
  })
})
