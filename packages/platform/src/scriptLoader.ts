/**
 * Loads a script by URL; rejects when it fails to load. With `integrity` (Subresource Integrity, e.g.
 * `sha384-…`) the browser runs the script only when its bytes match, fetched without credentials.
 */
export type ScriptLoader = (src: string, options?: { integrity?: string }) => Promise<void>

/** The part of a `<script>` element the loader sets. */
export interface ScriptElementLike {
  src: string
  async: boolean
  integrity?: string
  crossOrigin?: string | null
  onload: (() => void) | null
  onerror: (() => void) | null
  remove(): void
}

/** The part of `Document` the loader uses. */
export interface ScriptDocument {
  createElement(tagName: 'script'): ScriptElementLike
  readonly head: { appendChild(node: ScriptElementLike): unknown }
}

export class ScriptLoadError extends Error {
  readonly src: string
  constructor(src: string) {
    super(`script failed to load: ${src}`)
    this.name = 'ScriptLoadError'
    this.src = src
  }
}

/**
 * Appends one async `<script>` per URL and resolves when it has run. Loading the same URL again
 * shares the first load; a failed load removes its element so a later call tries again.
 */
export function createScriptLoader(options: { document?: ScriptDocument } = {}): ScriptLoader {
  // The DOM's handlers receive an Event that ours ignore, so the real document fits ScriptDocument.
  const document = options.document ?? (globalThis.document as unknown as ScriptDocument)
  const loads = new Map<string, Promise<void>>()
  return (src, loadOptions = {}) => {
    const existing = loads.get(src)
    if (existing) return existing
    const loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.async = true
      if (loadOptions.integrity) {
        // SRI needs a CORS fetch: the vendor's CDN answers it without credentials.
        script.integrity = loadOptions.integrity
        script.crossOrigin = 'anonymous'
      }
      script.onload = () => {
        script.onload = null
        script.onerror = null
        resolve()
      }
      script.onerror = () => {
        script.onload = null
        script.onerror = null
        script.remove()
        loads.delete(src)
        reject(new ScriptLoadError(src))
      }
      script.src = src
      document.head.appendChild(script)
    })
    loads.set(src, loading)
    return loading
  }
}
