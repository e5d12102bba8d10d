/**
 * The Vite config of a brand app (`apps/<brand>/vite.config.ts` calls this). Runs on Node directly,
 * so it uses only erasable TypeScript and `.ts` relative imports. In the workspace Node runs this file
 * itself; the published package ships it built (`dist/vite.js`, `@vchat/app-core/vite`), since Node
 * strips no types under node_modules.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defaultServerConditions, defineConfig, searchForWorkspaceRoot } from 'vite'
import type { Alias, ConfigEnv, Plugin, ProxyOptions, UserConfig } from 'vite'
import { validateBrandConfig } from '../src/brand/brandConfig.ts'
import { flagsPlugin } from './flagsPlugin.ts'
export { flagsPlugin } from './flagsPlugin.ts'
import { pwaPlugin } from './pwaPlugin.ts'
import { buildMetaPlugin } from './buildMetaPlugin.ts'
import { hostConfigPlugin, LOCAL_STACK_PATHS } from './hostConfig.ts'
export { contentSecurityPolicy, LOCAL_STACK_PATHS, securityHeaders } from './hostConfig.ts'
export type { HostConfig } from './hostConfig.ts'
export { buildMetaDirFor } from './buildMetaPlugin.ts'

export interface AppViteConfigOptions {
  /** The brand config; validated here, so a malformed one fails `vite build`. */
  brand: unknown
  /** Dev server and `vite preview` port (second 5173, default 5174, third 5175). */
  port: number
}

const SOURCE_CONDITION = '@vchat/source'
/**
 * Inside the workspace the @vchat/* packages build from source (`@vchat/source`); an app that
 * installed them builds what they publish (`dist/`), the code their own tests and checks ran on.
 */
const FROM_SOURCE = !fileURLToPath(import.meta.url).split(path.sep).includes('node_modules')
const workspaceConditions = FROM_SOURCE ? [SOURCE_CONDITION] : []
// Reached through `../vite/` so the path holds from this file and from its build in `dist/` alike.
const emptyModule = fileURLToPath(new URL('../vite/emptyModule.ts', import.meta.url))

/** Same-origin paths forwarded to the local stack in development and `vite preview`. */
export function localStackProxy(env: NodeJS.ProcessEnv = process.env): Record<string, ProxyOptions> {
  const api = env.VCHAT_API_URL ?? 'http://localhost:8787'
  const ws = env.VCHAT_WS_URL ?? 'ws://localhost:5280'
  const toApi: ProxyOptions = { target: api, changeOrigin: true }
  return {
    ...Object.fromEntries(LOCAL_STACK_PATHS.http.map((prefix) => [prefix, toApi])),
    [LOCAL_STACK_PATHS.websocket]: {
      target: ws,
      ws: true,
      changeOrigin: true,
      // A websocket reset when a tab closes or reloads is normal; the client reconnects by itself.
      configure(proxy) {
        proxy.removeAllListeners('error')
        proxy.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn(`[vchat] websocket proxy: ${error.message}`)
        })
      },
    },
  }
}

/**
 * Vendor chunks. `react`, `state` and `i18n` are what every route needs, the landing included. The rest
 * is loaded on demand: `persist` (redux-persist + localforage) when a session is restored or a user
 * logs in, `http` (axios, qs) with the first server call, `xmpp`, `dexie`, `firebase` after login.
 */
export function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/.test(id)) return 'react'
  if (/[\\/]node_modules[\\/](redux-persist|localforage)[\\/]/.test(id)) return 'persist'
  if (/[\\/]node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|use-sync-external-store|redux-thunk)[\\/]/.test(id)) return 'state'
  if (/[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/.test(id)) return 'i18n'
  if (/[\\/]node_modules[\\/](axios|axios-retry|qs|nanoid|side-channel[^\\/]*|object-inspect|get-intrinsic|is-retry-allowed)[\\/]/.test(id)) return 'http'
  if (/[\\/]node_modules[\\/]@xmpp[\\/]/.test(id)) return 'xmpp'
  if (/[\\/]node_modules[\\/]dexie[\\/]/.test(id)) return 'dexie'
  if (/[\\/]node_modules[\\/](firebase|@firebase)[\\/]/.test(id)) return 'firebase'
  return undefined
}

const FIRST_LOAD_VENDORS = new Set(['react', 'state', 'i18n'])
/**
 * Small modules every route needs that the bundler would otherwise split into chunks of a few hundred
 * bytes each (each one a request and a separate gzip stream): the module preload helper, the bundler
 * runtime, and app-core modules shared by the entry and the lazy screens.
 */
const FIRST_LOAD_SHARED = [
  /vite\/preload-helper/,
  /rolldown[:/]runtime/,
  /packages[\\/]app-core[\\/]src[\\/](constants\.ts|app[\\/](hooks|createAppAsyncThunk|rootReducer|listeners|authActions)\.ts|features[\\/]auth[\\/](authSlice|messagingLogin|sessionListeners)\.ts)$/,
  // The token expiry rule (SPEC §9 buffer), which the store's session listener applies on every page.
  /packages[\\/]api-client[\\/]src[\\/](token|constants)\.ts$/,
  // The contract's wire vocabulary and jid rules (about a kilobyte): the landing page's services (the
  // attribution message type) and the auth slice read them, and the chat and call chunks use them too.
  /packages[\\/]contract[\\/]src[\\/](wire|jid)\.ts$/,
]

/**
 * The first-load chunk: React, the router, RTK and i18next together (one gzip stream compresses better
 * than three) plus the small shared modules above. Everything else is the entry or loads on demand.
 */
export function firstLoadChunk(id: string): string | null {
  const vendor = vendorChunk(id)
  if (vendor !== undefined && FIRST_LOAD_VENDORS.has(vendor)) return 'first-load'
  return FIRST_LOAD_SHARED.some((re) => re.test(id)) ? 'first-load' : null
}

/**
 * React Router 7 points every import condition at its development build (invariant messages and
 * warnings included). Production bundles use the production build it ships next to it.
 */
export function reactRouterProductionAliases(): Alias[] {
  const require = createRequire(import.meta.url)
  const routerDom = require.resolve('react-router-dom/package.json')
  const routerDir = path.dirname(createRequire(routerDom).resolve('react-router/package.json'))
  const index = path.join(routerDir, 'dist/production/index.mjs')
  const dom = path.join(routerDir, 'dist/production/dom-export.mjs')
  if (!existsSync(index) || !existsSync(dom)) return []
  return [
    { find: /^react-router$/, replacement: index },
    { find: /^react-router\/dom$/, replacement: dom },
  ]
}

/** The app's entry chunk (`assets/index-<hash>.js`, from index.html): what the landing page runs first. */
function isEntryChunk(fileName: string): boolean {
  return /(^|\/)index-[\w-]+\.js$/.test(fileName)
}

/** Where a build goes: `dist/` for production, `dist-<mode>/` for any other mode (e.g. `dist-localstack/`). */
export function outDirFor(mode: string): string {
  return mode === 'production' ? 'dist' : `dist-${mode}`
}

/**
 * Writes `chunk-modules.json` (emitted as `.vite/chunk-modules.json`, moved beside the output folder by
 * `buildMetaPlugin`: `dist-meta/chunk-modules.json`): each emitted chunk file name (e.g.
 * `assets/index-abc.js`) → the module ids bundled into it. The landing bench uses it to prove that no
 * messaging, database or push module reaches the landing route.
 */
export function chunkModulesReport(): Plugin {
  let workspaceRoot = process.cwd()
  // Ids relative to the workspace (no machine paths in a folder that gets deployed); virtual modules
  // lose their \0 marker.
  const readable = (id: string) => (path.isAbsolute(id) ? path.relative(workspaceRoot, id).split(path.sep).join('/') : id.replace(/^\0/, ''))
  return {
    name: 'vchat:chunk-modules',
    apply: 'build',
    configResolved(config) {
      workspaceRoot = searchForWorkspaceRoot(config.root)
    },
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') report[output.fileName] = Object.keys(output.modules).map(readable)
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: `${JSON.stringify(report, null, 2)}\n` })
    },
  }
}

export function createAppViteConfig({ brand, port }: AppViteConfigOptions): (env: ConfigEnv) => UserConfig {
  validateBrandConfig(brand)
  const proxy = localStackProxy()
  return defineConfig(({ command, mode }) => ({
    plugins: [react(), chunkModulesReport(), hostConfigPlugin(validateBrandConfig(brand)), buildMetaPlugin(), flagsPlugin(), pwaPlugin(validateBrandConfig(brand))],
    resolve: {
      conditions: [...workspaceConditions, ...defaultClientConditions],
      dedupe: ['react', 'react-dom'],
      alias: [
        // @xmpp/resolve imports node:dns; the browser build never uses it.
        { find: /^(node:)?dns$/, replacement: emptyModule },
        ...(command === 'build' && mode !== 'development' ? reactRouterProductionAliases() : []),
      ],
    },
    environments: {
      ssr: { resolve: { conditions: [...workspaceConditions, ...defaultServerConditions] } },
    },
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, proxy },
    build: {
      // `vite build --mode localstack` (e2e) and the production build never overwrite each other;
      // `vite preview --mode localstack` serves the same folder.
      outDir: outDirFor(mode),
      target: 'es2022',
      // Maps for error reporting, written beside the served folder (buildMetaPlugin), never linked.
      sourcemap: 'hidden',
      // Brand logos and backgrounds stay files fetched by URL, never base64 inside the JavaScript.
      assetsInlineLimit: 0,
      modulePreload: {
        // The route table (routes.ts) is in the landing page's entry chunk and every row imports its
        // screen. Listing each screen's dependency chunks there for preloading cost the landing page
        // ~2 KB gzip; a screen's chunk names its own dependencies when it is fetched, and elsewhere
        // (lazy chunks importing lazy chunks) the lists stay.
        resolveDependencies: (_filename, deps, { hostId, hostType }) => (hostType === 'js' && isEntryChunk(hostId) ? [] : deps),
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // The first-load vendors claim their modules first: a shared dependency (redux, needed by
              // redux-persist too) must not be pulled into an on-demand chunk.
              { debugName: 'first-load vendor', priority: 2, name: (id: string) => firstLoadChunk(id) },
              { debugName: 'on-demand vendor', priority: 1, name: (id: string) => vendorChunk(id) ?? null },
            ],
          },
        },
      },
    },
  }))
}
