import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import { renderApp } from '../../testing/renderApp'
import { ME, MIA, demoMessage } from './fixtures'

/** Lets queued microtasks run (no timers, no macrotask turn). */
async function microtasks() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

const signedIn = {
  auth: {
    user: { uid: '100001', jid: ME, vcToken: 'token-100001', role: 2, nickName: '', name: '' },
    componentInfo: demoLoginResponse.componentInfo,
  },
  account: { paid: true, gemsBalance: 500 },
}

async function openThread() {
  const chat = fakeChatService({ messages: [] })
  const { store } = await renderApp({ path: `/message?with=${MIA}`, services: fakeServices({ chat }), preloadedState: signedIn })
  await screen.findByLabelText('Message')
  // The conversation's header has its name from the directory: nothing else is on its way.
  await screen.findByRole('heading', { name: 'Mia' })
  const actions: string[] = []
  store.subscribe(() => actions.push(''))
  return { chat, store, actions }
}

describe('ChatBridge', () => {
  it('applies a lone incoming message', async () => {
    const { chat, store } = await openThread()
    await act(async () => {
      chat.deliver(demoMessage({ mid: 'solo', content: 'right away', date: Date.now() }))
      await microtasks()
    })
    await waitFor(() => expect(store.getState().chat?.messages.map((m) => m.mid)).toContain('solo'))
  })

  it('events reported in the same task become one store update', async () => {
    const { chat, store, actions } = await openThread()
    await act(async () => {
      for (let i = 0; i < 50; i++) chat.deliver(demoMessage({ mid: `t${i}`, content: `together ${i}`, date: Date.now() + i }))
      await microtasks()
    })
    await waitFor(() => expect(store.getState().chat?.messages).toHaveLength(50))
    expect(actions).toHaveLength(1)
  })

  it('while a burst lasts, batches reported in later tasks are applied together, and nothing is lost', async () => {
    const { chat, store, actions } = await openThread()
    await act(async () => {
      for (let batch = 0; batch < 5; batch++) {
        for (let i = 0; i < 20; i++) chat.deliver(demoMessage({ mid: `b${batch}-${i}`, content: `burst ${batch} ${i}`, date: Date.now() + batch * 100 + i }))
        await microtasks()
      }
    })
    await waitFor(() => expect(store.getState().chat?.messages).toHaveLength(100))
    // Five batches reported in a row: the first at once, the rest together a frame later.
    expect(actions.length).toBeLessThanOrEqual(3)
    expect(store.getState().chat?.messages.at(-1)?.mid).toBe('b4-19')
  })
})
