/**
 * Start-up of the local stack's parts, timed here rather than asserted in tests (a timed test measures
 * the machine as much as the code, and fails at random on a busy one):
 * - `stack.devServer.freshStart`: the dev-server creating and seeding a fresh database and listening,
 *   median of 5 (budget 1,000 ms: a developer's `pnpm dev --reset` and every integration suite pay it).
 * - `stack.prosody.start`: Prosody from spawn to its websocket answering, median of 3 (budget 5,000 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Figures } from './results.ts'

// The dev-server is typechecked by its own project (Node types, no DOM); here it is loaded by path so
// the root project does not typecheck its sources a second time under other settings.
interface Closable {
  close(): Promise<void>
}
interface DevServerModule {
  startDevServer(options: { port: number; dataDir: string; log: (line: string) => void }): Promise<Closable & { url: string }>
}
interface ProsodyModule {
  startProsody(options: { apiUrl: string; dataDir: string; httpPort: number }): Promise<Closable>
}
const DEV_SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/dev-server/src')
const load = <T>(file: string) => import(pathToFileURL(path.join(DEV_SERVER, file)).href) as Promise<T>

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function timed<T>(start: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await start()
  return { ms: performance.now() - started, value }
}

export async function stackBench(): Promise<Figures> {
  const { startDevServer } = await load<DevServerModule>('index.ts')
  const { startProsody } = await load<ProsodyModule>('stack/prosody.ts')
  const devServerMs: number[] = []
  for (let i = 0; i < 5; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vchat-bench-start-'))
    try {
      const { ms, value: server } = await timed(() => startDevServer({ port: 0, dataDir, log: () => {} }))
      devServerMs.push(ms)
      await server.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    console.log(`  dev-server fresh start ${i + 1}: ${devServerMs.at(-1)!.toFixed(0)} ms`)
  }

  const apiDir = mkdtempSync(path.join(tmpdir(), 'vchat-bench-api-'))
  const api = await startDevServer({ port: 0, dataDir: apiDir, log: () => {} })
  const prosodyMs: number[] = []
  try {
    for (let i = 0; i < 3; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vchat-bench-prosody-'))
      try {
        const { ms, value: prosody } = await timed(() => startProsody({ apiUrl: api.url, dataDir, httpPort: 0 }))
        prosodyMs.push(ms)
        await prosody.close()
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
      console.log(`  prosody start ${i + 1}: ${prosodyMs.at(-1)!.toFixed(0)} ms`)
    }
  } finally {
    await api.close()
    rmSync(apiDir, { recursive: true, force: true })
  }

  return {
    'stack.devServer.freshStart': { value: Math.round(median(devServerMs)), unit: 'ms', budget: 1000 },
    'stack.prosody.start': { value: Math.round(median(prosodyMs)), unit: 'ms', budget: 5000 },
  }
}
