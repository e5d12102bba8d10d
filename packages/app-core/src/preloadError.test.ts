import { describe, expect, it, vi } from 'vitest'
import { PRELOAD_RELOAD_FLAG_KEY } from './constants'
import { installPreloadErrorReload } from './preloadError'

function preloadEvent() {
  return new Event('vite:preloadError', { cancelable: true })
}

describe('installPreloadErrorReload', () => {
  it('reloads once and cancels the error', () => {
    const reload = vi.fn()
    const target = new EventTarget()
    installPreloadErrorReload({ target, storage: sessionStorage, reload, now: () => 1_000_000 })
    const event = preloadEvent()
    target.dispatchEvent(event)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(event.defaultPrevented).toBe(true)
    expect(sessionStorage.getItem(PRELOAD_RELOAD_FLAG_KEY)).toBe('1000000')
    sessionStorage.clear()
  })

  it('does not reload again right after a reload (no loop)', () => {
    const reload = vi.fn()
    const target = new EventTarget()
    sessionStorage.setItem(PRELOAD_RELOAD_FLAG_KEY, '1000000')
    installPreloadErrorReload({ target, storage: sessionStorage, reload, now: () => 1_002_000 })
    const event = preloadEvent()
    target.dispatchEvent(event)
    expect(reload).not.toHaveBeenCalled()
    expect(event.defaultPrevented).toBe(false)
    sessionStorage.clear()
  })

  it('reloads again for a later deploy and stops listening when removed', () => {
    const reload = vi.fn()
    const target = new EventTarget()
    sessionStorage.setItem(PRELOAD_RELOAD_FLAG_KEY, '1000000')
    const remove = installPreloadErrorReload({ target, storage: sessionStorage, reload, now: () => 5_000_000 })
    target.dispatchEvent(preloadEvent())
    expect(reload).toHaveBeenCalledTimes(1)
    remove()
    sessionStorage.clear()
    target.dispatchEvent(preloadEvent())
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
