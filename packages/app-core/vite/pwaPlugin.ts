/**
 * Makes each brand app a real PWA at build time: a web app manifest with the brand's name, colours and
 * icons (PNG icons drawn here from the brand colours, plus the brand's square mark as SVG), and a
 * service worker that caches the app shell (index.html and the first-load chunks and styles).
 * Node-only; erasable TypeScript with `.ts` relative imports.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'
import type { Plugin, Rollup } from 'vite'
import { firebaseCompatSources, hasPushIds, MESSAGING_WORKER_FILE, messagingWorkerSource } from './messagingWorker.ts'
import type { MessagingBrand } from './messagingWorker.ts'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

export interface PwaBrand extends MessagingBrand {
  id: string
  displayName: string
  tagline: string
  logos: { mark: string }
  theme: { background: string; buttonColor: string; buttonTextColor: string; primary: string }
}

const MANIFEST_FILE = 'manifest.webmanifest'
const SERVICE_WORKER_FILE = 'sw.js'
export const ICON_SIZES = [192, 512] as const

function rgb(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex
  return [parseInt(full.slice(1, 3), 16), parseInt(full.slice(3, 5), 16), parseInt(full.slice(5, 7), 16)]
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed) >>> 0)
  return Buffer.concat([length, typed, crc])
}

/**
 * A square PNG icon: the brand's button colour with a speech bubble in its button text colour,
 * kept inside the maskable safe zone (centre 80%).
 */
export function drawIcon(size: number, background: string, foreground: string): Buffer {
  const bg = rgb(background)
  const fg = rgb(foreground)
  const rows: Buffer[] = []
  const c = size / 2
  const r = size * 0.26
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3)
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c
      const dy = y + 0.5 - c * 0.94
      const inBubble = dx * dx + dy * dy * 1.35 <= r * r
      // The bubble's tail, towards the bottom start corner.
      const tx = x + 0.5 - (c - r * 0.55)
      const ty = y + 0.5 - (c + r * 0.55)
      const inTail = tx >= -r * 0.05 && ty >= 0 && ty <= r * 0.45 && tx <= r * 0.45 - ty
      const colour = inBubble || inTail ? fg : bg
      row[1 + x * 3] = colour[0]
      row[2 + x * 3] = colour[1]
      row[3 + x * 3] = colour[2]
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export function webManifest(brand: PwaBrand, hasMark: boolean): Record<string, unknown> {
  return {
    id: '/',
    name: brand.displayName,
    short_name: brand.displayName,
    description: brand.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: brand.theme.background,
    theme_color: brand.theme.background,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
      ...(hasMark ? [{ src: '/icons/mark.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }] : []),
    ],
  }
}

/** The first-load files: entry chunks, their static imports and their styles. */
export function appShellFiles(bundle: OutputBundle): string[] {
  const chunks = new Map<string, OutputChunk>()
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output)
  const files = new Set<string>()
  const visit = (name: string) => {
    const chunk = chunks.get(name)
    if (!chunk || files.has(name)) return
    files.add(name)
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss
    css?.forEach((file) => files.add(file))
    chunk.imports.forEach(visit)
  }
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName)
  return [...files].sort()
}

/**
 * The service worker: caches the shell on install, serves navigations network-first with the shell as
 * fallback. `imports` are loaded first (the push messaging worker of a brand with push ids).
 */
export function serviceWorkerSource(version: string, shell: readonly string[], imports: readonly string[] = []): string {
  return `// Generated at build time: the app shell of this build.
${imports.length ? `importScripts(${imports.map((file) => JSON.stringify(`/${file}`)).join(', ')})\n` : ''}const CACHE = 'vchat-shell-${version}'
const SHELL = ${JSON.stringify(['/', ...shell.map((file) => `/${file}`)])}
const NEVER = ['/api/', '/upload', '/files/', '/dev/', '/auth/', '/xmpp-websocket', '/internal/']

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('vchat-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || NEVER.some((prefix) => url.pathname.startsWith(prefix))) return
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/').then((cached) => cached || Response.error())))
    return
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.match(request).then((cached) => cached || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone()
          void caches.open(CACHE).then((cache) => cache.put(request, copy))
        }
        return response
      })),
    )
  }
})
`
}

function readMark(mark: string): string | null {
  if (!mark.startsWith('file:') || !mark.endsWith('.svg')) return null
  try {
    return readFileSync(fileURLToPath(mark), 'utf8')
  } catch {
    return null
  }
}

export function pwaPlugin(brand: PwaBrand): Plugin {
  const mark = readMark(brand.logos.mark)
  return {
    name: 'vchat:pwa',
    apply: 'build',
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'theme-color', content: brand.theme.background }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
      ]
    },
    generateBundle(_options, bundle) {
      for (const size of ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: drawIcon(size, brand.theme.buttonColor, brand.theme.buttonTextColor) })
      }
      if (mark) this.emitFile({ type: 'asset', fileName: 'icons/mark.svg', source: mark })
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: `${JSON.stringify(webManifest(brand, mark !== null), null, 2)}\n` })
      const shell = appShellFiles(bundle)
      // A brand with push ids: Firebase's messaging handler, imported by the shell worker.
      let worker = ''
      if (hasPushIds(brand)) {
        for (const file of firebaseCompatSources()) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source })
        worker = messagingWorkerSource(brand)
        this.emitFile({ type: 'asset', fileName: MESSAGING_WORKER_FILE, source: worker })
      }
      // A new shell or a new messaging worker makes a new service worker (and cache).
      const version = (crc32(`${shell.join('\n')}\n${worker}`) >>> 0).toString(16)
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: serviceWorkerSource(version, shell, worker ? [MESSAGING_WORKER_FILE] : []) })
    },
  }
}
