import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../testing/fakeServices'
import { createConsent, tracksWith } from './consent'
import type { ConsentWindow } from './consent'
import type { CookieConsent } from './types'

const KEY = 'vchat:cookie-consent'

/** A window whose storage events the test sends, as the browser does for another tab's write. */
function fakeWindow() {
  const listeners = new Set<(event: StorageEvent) => void>()
  const win: ConsentWindow = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  }
  const fromOtherTab = (key: string | null, newValue: string | null) => {
    for (const listener of listeners) listener({ key, newValue } as StorageEvent)
  }
  return { win, fromOtherTab }
}

describe('cookie consent', () => {
  it('starts from the stored choice; none stored (or garbage) means no choice, and nothing tracks', () => {
    const storage = memoryStorage().local<CookieConsent>(KEY)
    expect(createConsent(storage, KEY, null).get()).toBeNull()
    storage.set('bogus' as CookieConsent)
    expect(createConsent(storage, KEY, null).get()).toBeNull()
    storage.set('necessary')
    expect(createConsent(storage, KEY, null).get()).toBe('necessary')
    expect([tracksWith(null), tracksWith('necessary'), tracksWith('all')]).toEqual([false, false, true])
  })

  it('a choice is stored and heard at once; an unsubscribed listener hears nothing more', () => {
    const storage = memoryStorage().local<CookieConsent>(KEY)
    const consent = createConsent(storage, KEY, null)
    const heard: (CookieConsent | null)[] = []
    const stop = consent.subscribe((choice) => heard.push(choice))
    consent.set('all')
    consent.set('all')
    consent.set('necessary')
    stop()
    consent.set('all')
    expect(heard).toEqual(['all', 'necessary'])
    expect(storage.get()).toBe('all')
  })

  it("another tab's choice applies here too; other keys are ignored; a cleared storage means no choice", () => {
    const { win, fromOtherTab } = fakeWindow()
    const consent = createConsent(memoryStorage().local<CookieConsent>(KEY), KEY, win)
    const heard: (CookieConsent | null)[] = []
    consent.subscribe((choice) => heard.push(choice))
    fromOtherTab(KEY, JSON.stringify('all'))
    fromOtherTab('vchat:other', JSON.stringify('necessary'))
    fromOtherTab(KEY, '{not json')
    fromOtherTab(KEY, JSON.stringify('necessary'))
    fromOtherTab(null, null)
    expect(heard).toEqual(['all', null, 'necessary', null])
    expect(consent.get()).toBeNull()
  })
})
