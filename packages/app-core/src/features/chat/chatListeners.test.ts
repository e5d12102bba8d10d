import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices, type FakeServicesOptions } from '../../testing/fakeServices'
import { loginWithPassword } from '../auth'
import { startChatListeners } from './chatListeners'
import { demoMessage } from './fixtures'

const OPTIONS = { pathname: '/message', newMessageTitle: () => 'New message' }
const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }

describe('the chat store effects', () => {
  it('count a received message (chat_receive) after a fresh sign-in in the same page, where the login flow logged into messaging itself', async () => {
    const events: NonNullable<FakeServicesOptions['events']> = []
    const chat = fakeChatService({ state: 'idle' })
    const login = vi.spyOn(chat, 'login')
    const store = makeStore({ services: fakeServices({ chat, events }) })
    await store.dispatch(loginWithPassword({ uid: '100001', passwd: 'demo1234', pathname: '/' }))
    expect(store.getState().auth.user?.jid).toBe(USER.jid)
    const stop = startChatListeners(store.dispatch, OPTIONS)
    // One messaging login: the effects found messaging running for this user and did not log in again.
    await vi.waitFor(() => expect(store.getState().chat?.connection).toBe('connected'))
    expect(login).toHaveBeenCalledTimes(1)
    chat.deliver(demoMessage({ mid: 'r1', content: 'hello', date: Date.now() }))
    chat.deliver(demoMessage({ mid: 'o1', from: 'help.localhost', tid: 'localOfficial', type: 21, content: 'News', date: Date.now() }))
    expect(events.filter((e) => e.event === 'chat_receive')).toEqual([{ event: 'chat_receive', properties: { type: 0 } }])
    stop()
    chat.deliver(demoMessage({ mid: 'r2', content: 'after', date: Date.now() }))
    expect(events.filter((e) => e.event === 'chat_receive')).toHaveLength(1)
  })

  it('log a restored session into messaging once, and prune old messages when messaging comes up with a retention chosen', async () => {
    const chat = fakeChatService({ state: 'idle' })
    const login = vi.spyOn(chat, 'login')
    const prune = vi.spyOn(chat, 'deleteMessagesBefore')
    const store = makeStore({ services: fakeServices({ chat }), preloadedState: { auth: { user: USER }, settings: { messageRetentionDays: 7 } } })
    const stop = startChatListeners(store.dispatch, OPTIONS)
    await vi.waitFor(() => expect(prune).toHaveBeenCalledTimes(1))
    expect(login).toHaveBeenCalledTimes(1)
    expect(login.mock.calls[0]?.[0]).toMatchObject({ uid: USER.uid, jid: USER.jid, vcToken: USER.vcToken })
    stop()
  })
})
