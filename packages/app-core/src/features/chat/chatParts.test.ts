import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import { loggedOut } from '../../app/authActions'
import { initialChatState, selectActiveMessages } from './chatSlice'
import { openThread } from './chatThunks'
import { ME, MIA, demoMessages, demoThreads } from './fixtures'
import { initialPurchasesState, selectUnlocks } from './purchaseSlice'
import { unlockImage } from './purchaseThunks'
import { initialTranslationsState, selectTranslations, translateMessage } from './translationSlice'
import { initialUploadsState, selectUploads } from './uploadSlice'
import { sendImage } from './uploadThunks'

function setup() {
  const chat = fakeChatService({ threads: demoThreads, messages: demoMessages })
  const services = fakeServices({ chat, api: { uploadImage: () => Promise.reject(new Error('Network Error')) } })
  const store = makeStore({
    services,
    preloadedState: {
      auth: { user: { uid: '100001', jid: ME, vcToken: 't', role: 2, nickName: '', name: '' }, componentInfo: demoLoginResponse.componentInfo },
      account: { paid: true, gemsBalance: 500 },
    },
  })
  return { store }
}

describe('the chat state, one store key per part', () => {
  it('an unlocked image shows unlocked in the conversation and stays a purchase; translations and uploads have their own keys', async () => {
    const { store } = setup()
    await store.dispatch(openThread(MIA))
    await store.dispatch(unlockImage({ mid: 'm3', url: '/files/photos/200001_1.svg', anchorJid: MIA, price: 30 }))
    await store.dispatch(translateMessage({ mid: 'm1', content: 'Hi!', targetLang: 'de' }))
    await store.dispatch(sendImage({ to: MIA, file: new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }) }))

    const state = store.getState()
    expect(selectActiveMessages(state).find((m) => m.mid === 'm3')?.unlocked).toBe(true)
    expect(state.chat?.threads.length).toBe(demoThreads.length)
    expect(selectUnlocks(state)).toEqual({ m3: { status: 'done', error: null } })
    expect(selectTranslations(state)).toEqual({ m1: { status: 'done', text: '[de] Hi!' } })
    expect(selectUploads(state)).toEqual([expect.objectContaining({ tid: MIA, status: 'failed', previewUrl: '' })])
    expect(state.chatPurchases?.unlocks.m3?.status).toBe('done')
    expect(state.chatTranslations?.translations.m1?.text).toBe('[de] Hi!')
    expect(state.chatUploads?.uploads).toHaveLength(1)
  })

  it('logging out clears every part of the chat', async () => {
    const { store } = setup()
    await store.dispatch(openThread(MIA))
    await store.dispatch(unlockImage({ mid: 'm3', url: '/files/photos/200001_1.svg', anchorJid: MIA, price: 30 }))
    await store.dispatch(translateMessage({ mid: 'm1', content: 'Hi!', targetLang: 'de' }))
    await store.dispatch(sendImage({ to: MIA, file: new File([new Uint8Array([1])], 'me.png', { type: 'image/png' }) }))

    store.dispatch(loggedOut())

    const { chat, chatUploads, chatPurchases, chatTranslations } = store.getState()
    expect({ chat, chatUploads, chatPurchases, chatTranslations }).toEqual({
      chat: initialChatState,
      chatUploads: initialUploadsState,
      chatPurchases: initialPurchasesState,
      chatTranslations: initialTranslationsState,
    })
  })
})
