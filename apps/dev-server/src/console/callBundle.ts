/**
 * The console's call script (`GET /dev/anchor/call.js`): callClient.ts with @vchat/webrtc-call,
 * bundled by esbuild's JS API on the first request and kept in memory for the life of the process.
 * Workspace packages are read from source (the `@vchat/source` export condition), so no package
 * build is needed; esbuild is loaded only when the script is first asked for.
 */
import { fileURLToPath } from 'node:url'
import { HttpError } from '../http/http.ts'

let bundle: Promise<string> | null = null

async function build(): Promise<string> {
  let esbuild: typeof import('esbuild')
  try {
    esbuild = await import('esbuild')
  } catch (error) {
    throw new HttpError(503, `anchor console: esbuild could not be loaded: ${(error as Error).message}`)
  }
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./callClient.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@vchat/source'],
    minify: true,
    sourcemap: false,
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new HttpError(500, 'anchor console: the call script bundle is empty')
  return output.text
}

/** The bundled call script; built once (a failed build is tried again on the next request). */
export function consoleCallScript(): Promise<string> {
  if (!bundle) {
    bundle = build().catch((error: unknown) => {
      bundle = null
      throw error instanceof HttpError ? error : new HttpError(500, `anchor console: bundling the call script failed: ${(error as Error).message}`)
    })
  }
  return bundle
}
