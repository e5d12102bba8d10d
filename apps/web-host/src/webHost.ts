/**
 * The production host of a built brand app: serves the output folder with the build's headers
 * (`host.json` beside it, written by app-core's Vite config: the Content-Security-Policy and the other
 * security headers) on every answer, and these rules:
 *
 * - **Only the app's files**: no source map, no dot-folder (the build keeps both beside the served
 *   folder; a `.map` or `/.x` path is 404 even if someone copied one in), no path outside the folder.
 * - **Caching**: hashed assets (`/assets/…`) a year, immutable; `index.html`, the service workers and
 *   the web manifest `no-cache` (a new release is seen at the next visit); other files an hour.
 * - **Single-page routes**: a GET for a path without a file extension answers `index.html`.
 * - **Compression**: text answers gzip-compressed when the browser accepts it (computed once per file).
 * - **Local stack**: when `host.json` lists paths to forward (a build whose API is same-origin), they
 *   go to the given API server, and the websocket path to the messaging server (upgrade passed through).
 *   Forwarded answers keep the stack's own headers: it plays other services (the API, the payment
 *   provider's pages), which production serves from their own origins. The stack also plays the image
 *   host, handing out its own absolute URLs (avatars, photos, uploads): its origin joins the policy's
 *   `img-src`, `media-src` and `connect-src`, where a production build names the brand's image host.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect } from 'node:net'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { buildMetaDirFor, type HostConfig } from '@vchat/app-core/vite'

export interface WebHostOptions {
  /** The built folder to serve (e.g. `apps/second/dist`). */
  root: string
  /** The build's host config; default: `<root>-meta/host.json`. */
  config?: HostConfig
  /** Where forwarded HTTP paths go (the local stack's API server), e.g. `http://127.0.0.1:8787`. */
  apiUrl?: string
  /** Where the websocket path goes (the local stack's messaging server), e.g. `ws://127.0.0.1:5280`. */
  websocketUrl?: string
  /** Receives one line per forwarding failure. */
  log?: (line: string) => void
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt'])
/** Answered with `no-cache`: what names the current release. */
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', '/firebase-messaging-sw.js', '/manifest.webmanifest'])

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'
export const CACHE_SHORT = 'public, max-age=3600'

/** The build's `host.json`, beside its folder (where the build keeps its maps and reports). */
export function readHostConfig(root: string): HostConfig {
  const file = path.join(buildMetaDirFor(path.resolve(root)), 'host.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: build the app with its Vite config (it writes the host config)`)
  return JSON.parse(readFileSync(file, 'utf8')) as HostConfig
}

/** The policy with `origin` added to the directives that name where images and media come from. */
export function withImageOrigin(policy: string, origin: string): string {
  return policy
    .split('; ')
    .map((directive) => (/^(img-src|media-src|connect-src) /.test(directive) && !directive.split(' ').includes(origin) ? `${directive} ${origin}` : directive))
    .join('; ')
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return CACHE_IMMUTABLE
  if (ALWAYS_REVALIDATE.has(urlPath)) return CACHE_REVALIDATE
  return CACHE_SHORT
}

/** A path that is never served: a source map, or anything under a dot-folder or dot-file. */
function hidden(urlPath: string): boolean {
  return urlPath.endsWith('.map') || urlPath.split('/').some((segment) => segment.startsWith('.'))
}

function prefixOf(urlPath: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`) || urlPath.startsWith(`${prefix}?`))
}

export function createWebHost(options: WebHostOptions): Server {
  const root = path.resolve(options.root)
  const built = options.config ?? readHostConfig(root)
  const stackOrigin = options.apiUrl && built.forward.http.length > 0 ? new URL(options.apiUrl).origin : null
  const policy = built.headers['Content-Security-Policy']
  const config: HostConfig =
    stackOrigin && policy ? { ...built, headers: { ...built.headers, 'Content-Security-Policy': withImageOrigin(policy, stackOrigin) } } : built
  const log = options.log ?? (() => {})
  const gzipped = new Map<string, Buffer>()
  const forwardHttp = options.apiUrl ? config.forward.http : []
  const forwardWebsocket = options.websocketUrl ? config.forward.websocket : null

  function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: Buffer | string): void {
    res.writeHead(status, { ...config.headers, ...headers })
    res.end(body)
  }

  function serveFile(req: IncomingMessage, res: ServerResponse, file: string, urlPath: string): void {
    const extension = path.extname(file)
    const headers: Record<string, string | number> = {
      'Content-Type': TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(urlPath),
      Vary: 'Accept-Encoding',
    }
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    if (acceptsGzip && COMPRESSIBLE.has(extension)) {
      let body = gzipped.get(file)
      if (!body) {
        body = gzipSync(readFileSync(file))
        gzipped.set(file, body)
      }
      send(res, 200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length }, req.method === 'HEAD' ? undefined : body)
      return
    }
    res.writeHead(200, { ...config.headers, ...headers, 'Content-Length': statSync(file).size })
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
  }

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const target = new URL(req.url ?? '/', options.apiUrl)
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        // As the stack answers: it plays other services (the API, the payment provider's pages), whose
        // own headers apply, not the app's policy.
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      log(`forwarding ${req.method} ${req.url}: ${error.message}`)
      if (!res.headersSent) send(res, 502, { 'Content-Type': 'application/json' }, JSON.stringify({ result: 0, data: null, msg: 'upstream unavailable' }))
      else res.destroy()
    })
    req.pipe(upstream)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host')
    let urlPath: string
    try {
      urlPath = decodeURIComponent(url.pathname)
    } catch {
      return send(res, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad request')
    }
    if (prefixOf(urlPath, forwardHttp)) return forward(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed')
    if (hidden(urlPath)) return send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_REVALIDATE }, 'Not found')
    const file = path.join(root, urlPath === '/' ? 'index.html' : urlPath)
    if (!file.startsWith(root + path.sep) && file !== root) return send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Not found')
    if (existsSync(file) && statSync(file).isFile()) return serveFile(req, res, file, urlPath === '/' ? '/index.html' : urlPath)
    // A route of the app (no extension): the app answers it. A missing file is a 404.
    if (path.extname(urlPath) === '') return serveFile(req, res, path.join(root, 'index.html'), '/index.html')
    send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_REVALIDATE }, 'Not found')
  })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const urlPath = new URL(req.url ?? '/', 'http://host').pathname
    if (!forwardWebsocket || !options.websocketUrl || !prefixOf(urlPath, [forwardWebsocket])) {
      socket.destroy()
      return
    }
    const target = new URL(options.websocketUrl)
    const upstream = connect(Number(target.port || 80), target.hostname, () => {
      // The upgrade request as it came, to the messaging server's host; then bytes both ways.
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? ''
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? target.host : (req.rawHeaders[i + 1] ?? '')}`)
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    const close = () => {
      upstream.destroy()
      socket.destroy()
    }
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // A tab that closes or reloads resets its connection: normal, the client reconnects by itself.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') log(`websocket ${req.url}: ${error.message}`)
      close()
    })
    socket.on('error', close)
    socket.on('close', () => upstream.destroy())
    upstream.on('close', () => socket.destroy())
  })
  return server
}
