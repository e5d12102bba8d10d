import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAnalytics } from './analyticsClient'
import { attachPageLifecycle } from './pageLifecycle'
import type { LifecycleDocument, LifecycleWindow } from './pageLifecycle'
import type { AnalyticsClient, AnalyticsEvent } from './types'
import { createFakeTransport, createMemoryStorage, fakeTimers, sequentialIds } from './test-utils/fakes'

class FakeDocument extends EventTarget implements LifecycleDocument {
  visibilityState: 'visible' | 'hidden' = 'visible'
  setVisibility(state: 'visible' | 'hidden'): void {
    this.visibilityState = state
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

let analytics: AnalyticsClient
let beaconed: AnalyticsEvent[]
let transport: ReturnType<typeof createFakeTransport>

function names(events: readonly AnalyticsEvent[]): Array<string | undefined> {
  return events.map((event) => event.event)
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
  beaconed = []
  transport = createFakeTransport()
  analytics = createAnalytics({
    transport,
    storage: createMemoryStorage(),
    beacon: {
      send: (events) => {
        beaconed.push(...events)
        return true
      },
    },
    timers: fakeTimers(),
    now: () => Date.now(),
    createId: sequentialIds(),
  })
})

afterEach(() => {
  analytics.shutdown()
  vi.useRealTimers()
})

describe('attachPageLifecycle', () => {
  it('tracks page_show at attach when visible, page_hide with its duration on hide, then beacons', async () => {
    const document = new FakeDocument()
    attachPageLifecycle({ document, analytics, properties: () => ({ route: '/match' }) })
    expect(analytics.getStats().queued).toBe(1)
    await vi.advanceTimersByTimeAsync(42_500)
    // page_show went out with the 6 s batch; the hide beacons only what is still pending.
    expect(names(transport.batches.flat())).toEqual(['page_show'])
    expect(transport.batches[0]?.[0]?.properties).toEqual({ route: '/match' })
    document.setVisibility('hidden')
    expect(names(beaconed)).toEqual(['page_hide'])
    expect(beaconed[0]?.properties).toEqual({ route: '/match', '#duration': 42.5 })
    expect(analytics.getStats().queued).toBe(0)
  })

  it('tracks page_show again when the page comes back', () => {
    const document = new FakeDocument()
    document.visibilityState = 'hidden'
    attachPageLifecycle({ document, analytics })
    expect(analytics.getStats().queued).toBe(0)
    document.setVisibility('visible')
    document.setVisibility('hidden')
    document.setVisibility('visible')
    expect(names(beaconed)).toEqual(['page_show', 'page_hide'])
    expect(analytics.getStats().queued).toBe(1)
  })

  it('beacons on pagehide without a second page_hide', () => {
    const document = new FakeDocument()
    const window = new EventTarget() as EventTarget & LifecycleWindow
    attachPageLifecycle({ document, window, analytics })
    document.setVisibility('hidden')
    analytics.track('late_event')
    window.dispatchEvent(new Event('pagehide'))
    expect(names(beaconed)).toEqual(['page_show', 'page_hide', 'late_event'])
  })

  it('stops listening once detached', () => {
    const document = new FakeDocument()
    const window = new EventTarget() as EventTarget & LifecycleWindow
    const detach = attachPageLifecycle({ document, window, analytics })
    detach()
    document.setVisibility('hidden')
    window.dispatchEvent(new Event('pagehide'))
    expect(beaconed).toEqual([])
    expect(analytics.getStats().queued).toBe(1)
  })

  it('sends nothing while tracking is paused, and a page_hide never goes out without its show', () => {
    analytics.setTrackingStatus('pause')
    const document = new FakeDocument()
    attachPageLifecycle({ document, analytics })
    document.setVisibility('hidden')
    expect(beaconed).toEqual([])
  })
})
