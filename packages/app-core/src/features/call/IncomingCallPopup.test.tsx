import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { HubTransport } from '@vchat/xmpp-chat'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { createLazyCalls } from '../../services/lazyServices'

const HOST = { uid: '200001', jid: 'anchor_200001@localhost', vcToken: 't', role: 1, nickName: 'Grace', name: 'Grace' }

// The tests run on Node; the package's TypeScript settings carry no Node types, hence the specifier in a variable.
const NODE_FS = 'node:fs'

/** The stylesheets as shipped: @vchat/ui's (sheets, tab bar, overlay) and the call feature's. */
async function stylesheets(): Promise<string> {
  const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as { readFileSync(path: string, encoding: 'utf8'): string }
  // Paths from the package folder, where its tests run. @vchat/ui's entry gathers its parts with
  // `@import`, which the bundler inlines; so does this reader.
  const read = (path: string): string =>
    readFileSync(path, 'utf8').replace(/@import '([^']+)';/g, (_, part: string) => read(path.replace(/[^/]+$/, '') + part))
  return ['../ui/src/styles.css', 'src/features/call/call.css'].map(read).join('\n')
}

/** The z-index a rule gives `selector`, with `var(--x, fallback)` and `calc(a + b)` resolved against :root. */
function zIndexOf(css: string, selector: string): number {
  const root = new Map<string, string>()
  for (const [, name, value] of css.matchAll(/(--vc-[\w-]+)\s*:\s*([^;]+);/g)) if (name && value && !root.has(name)) root.set(name, value.trim())
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const rule = new RegExp(`(?:^|[\\s,}])${escaped}\\s*\\{([^}]*)\\}`).exec(css)
  const declared = rule?.[1] ? /z-index\s*:\s*([^;]+);/.exec(rule[1])?.[1] : undefined
  if (!declared) throw new Error(`no z-index for ${selector}`)
  const resolved = declared.replace(/var\((--[\w-]+)(?:\s*,\s*([^)]+))?\)/g, (_, name: string, fallback?: string) => root.get(name) ?? fallback ?? 'NaN')
  const sum = /^calc\((.+)\)$/.exec(resolved.trim())?.[1] ?? resolved
  return sum.split('+').reduce((total, part) => total + Number(part.trim()), 0)
}

describe('the incoming-call pop-up on top of the app', () => {
  it('stacks above sheets (the /match sheet), the header and the tab bar, below the blocking overlay', async () => {
    const css = await stylesheets()
    const popup = zIndexOf(css, '.vc-incoming')
    expect(popup).toBeGreaterThan(zIndexOf(css, '.vc-sheet-layer'))
    expect(popup).toBeGreaterThan(zIndexOf(css, '.vc-tabs'))
    expect(popup).toBeLessThan(zIndexOf(css, '.vc-overlay'))
  })

  it('is rendered in the document body, outside any layout that could clip or cover it', async () => {
    const listeners = new Set<(call: { action: string; payload: unknown }) => void>()
    const transport = {
      hubDomain: 'hub.localhost',
      sendCall: async () => {},
      onCall(listener: (call: { action: string; payload: unknown }) => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      send: async () => {},
      onStanza: () => () => {},
    } as unknown as HubTransport
    const chat = fakeChatService({ me: HOST.jid, state: 'connected' })
    ;(chat as { hubTransport: HubTransport | null }).hubTransport = transport
    const calls = createLazyCalls()
    const { container } = await renderApp({ path: '/goddess', services: { ...fakeServices({ chat }), calls }, preloadedState: { auth: { user: HOST } } as never })
    // Other parts of the app listen to the hub too: wait for the call layer itself.
    await waitFor(() => expect(calls.current()).not.toBeNull())
    act(() => {
      for (const listener of [...listeners]) listener({ action: 'CallIn', payload: { sid: 's-1', caller: 'user_300001@localhost', price: 60 } })
    })
    const popup = await screen.findByRole('alertdialog')
    expect(popup.parentElement).toBe(document.body)
    expect(container.contains(popup)).toBe(false)
  })
})
