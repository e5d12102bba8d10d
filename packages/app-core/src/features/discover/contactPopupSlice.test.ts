import { describe, expect, it, vi } from 'vitest'
import type { ContactPopupInfo } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { loggedOut } from '../../app/authActions'
import { contactPopupLeft, loadContactPopup, selectContactPopup } from './contactPopupSlice'
import { fakeAnchor } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

const suggestion = (n: number): ContactPopupInfo => ({ show: true, anchor: fakeAnchor(n), greeting: `Hi from ${n}`, showAfterSeconds: 20 })

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('contact pop-up slice', () => {
  it("keeps the server's suggestion; the wall closing lets it go; log out clears it", async () => {
    const getContactPopupInfo = vi.fn(async () => suggestion(1))
    const store = makeStore({ services: fakeServices({ api: { getContactPopupInfo } }), preloadedState: signedInAs() })
    expect(selectContactPopup(store.getState())).toBeNull()
    await store.dispatch(loadContactPopup())
    expect(getContactPopupInfo).toHaveBeenCalledTimes(1)
    expect(selectContactPopup(store.getState())).toMatchObject({ show: true, greeting: 'Hi from 1', anchor: { uid: '200001' } })
    store.dispatch(contactPopupLeft())
    expect(selectContactPopup(store.getState())).toBeNull()
    await store.dispatch(loadContactPopup())
    store.dispatch(loggedOut())
    expect(selectContactPopup(store.getState())).toBeNull()
  })

  it('an ask given up (the wall covered) or left keeps nothing of its late answer; a failed ask changes nothing', async () => {
    const answers: ReturnType<typeof deferred<ContactPopupInfo>>[] = []
    let fail = false
    const getContactPopupInfo = () => {
      if (fail) return Promise.reject(new Error('Network Error'))
      const answer = deferred<ContactPopupInfo>()
      answers.push(answer)
      return answer.promise
    }
    const store = makeStore({ services: fakeServices({ api: { getContactPopupInfo } }), preloadedState: signedInAs() })
    const first = store.dispatch(loadContactPopup())
    answers[0]?.resolve(suggestion(1))
    await first
    const covered = store.dispatch(loadContactPopup())
    covered.abort()
    answers[1]?.resolve(suggestion(2))
    await covered
    expect(selectContactPopup(store.getState())?.greeting).toBe('Hi from 1')
    fail = true
    await store.dispatch(loadContactPopup())
    expect(selectContactPopup(store.getState())?.greeting).toBe('Hi from 1')
    fail = false
    const left = store.dispatch(loadContactPopup())
    store.dispatch(contactPopupLeft())
    answers[2]?.resolve(suggestion(3))
    await left
    expect(selectContactPopup(store.getState())).toBeNull()
  })
})
