import type { CookieConsent } from '../services/types'

/** A cookie choice a test changes, as the banner, the settings switch or another tab would. */
export function changeableConsent(initial: CookieConsent | null) {
  let choice = initial
  const listeners = new Set<(next: CookieConsent | null) => void>()
  return {
    get: () => choice,
    subscribe: (listener: (next: CookieConsent | null) => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    change(next: CookieConsent | null) {
      choice = next
      for (const listener of listeners) listener(next)
    },
  }
}
