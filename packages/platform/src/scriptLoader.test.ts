import { describe, expect, it } from 'vitest'
import { createScriptLoader, ScriptLoadError } from './scriptLoader'
import type { ScriptDocument, ScriptElementLike } from './scriptLoader'

function fakeDocument() {
  const appended: Array<ScriptElementLike & { removed: boolean }> = []
  const document: ScriptDocument = {
    createElement: () => {
      const script = {
        src: '',
        async: false,
        onload: null as (() => void) | null,
        onerror: null as (() => void) | null,
        removed: false,
        remove() {
          script.removed = true
        },
      }
      return script
    },
    head: {
      appendChild: (node) => {
        appended.push(node as ScriptElementLike & { removed: boolean })
        return node
      },
    },
  }
  return { document, appended }
}

describe('createScriptLoader', () => {
  it('appends one async script per URL and shares its load', async () => {
    const { document, appended } = fakeDocument()
    const load = createScriptLoader({ document })
    const first = load('https://accounts.google.com/gsi/client')
    const second = load('https://accounts.google.com/gsi/client')
    expect(second).toBe(first)
    expect(appended).toHaveLength(1)
    expect(appended[0]).toMatchObject({ src: 'https://accounts.google.com/gsi/client', async: true })
    appended[0]?.onload?.()
    await expect(first).resolves.toBeUndefined()
    await load('https://accounts.google.com/gsi/client')
    expect(appended).toHaveLength(1)
  })

  it('rejects on a load error, removes the element and tries again next time', async () => {
    const { document, appended } = fakeDocument()
    const load = createScriptLoader({ document })
    const failing = load('https://cdn.example/sdk.js')
    appended[0]?.onerror?.()
    await expect(failing).rejects.toBeInstanceOf(ScriptLoadError)
    expect(appended[0]?.removed).toBe(true)
    const retry = load('https://cdn.example/sdk.js')
    expect(appended).toHaveLength(2)
    appended[1]?.onload?.()
    await expect(retry).resolves.toBeUndefined()
  })

  it('asks the browser to check a pinned script against its integrity hash (SRI), fetched without credentials', async () => {
    const { document, appended } = fakeDocument()
    const load = createScriptLoader({ document })
    const pinned = load('https://cdn.example/sdk-1.2.3.min.js', { integrity: 'sha384-abc' })
    expect(appended[0]).toMatchObject({ src: 'https://cdn.example/sdk-1.2.3.min.js', integrity: 'sha384-abc', crossOrigin: 'anonymous' })
    appended[0]?.onload?.()
    await expect(pinned).resolves.toBeUndefined()
    void load('https://accounts.google.com/gsi/client')
    expect(appended[1]?.integrity).toBeUndefined()
  })
})
