import type { ConsentService, CookieConsent, KeyedStorage } from './types'

/**
 * The visitor's cookie choice, the one switch for everything that tracks: product analytics, the
 * attribution vendor's SDK and the fingerprint device id run only while the choice is `'all'`.
 *
 * **Decisions (the spec names the banner, not what each answer means):**
 * - No choice yet counts as "only necessary": nothing tracks before the visitor accepts, and what
 *   happens before the choice is not kept for later (no event of the landing page is sent after an
 *   "Accept all").
 * - "Only necessary" keeps what the product cannot run without: the session, the stored settings, and
 *   a device id for the API's deviceInfo (SPEC §7) — a random id kept in this browser, never a
 *   fingerprint.
 * - A change applies at once, in this tab (listeners) and in the browser's other tabs of the app
 *   (the storage event), without a reload.
 */
export interface ConsentWindow {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void
}

/** Whether a choice lets tracking run. */
export function tracksWith(choice: CookieConsent | null): boolean {
  return choice === 'all'
}

/** A stored value as a choice; anything else (missing, garbage) is no choice. */
function asChoice(value: unknown): CookieConsent | null {
  return value === 'all' || value === 'necessary' ? value : null
}

/** Another tab's raw storage value (JSON, as the storage wrapper writes it). */
function parse(raw: string | null): CookieConsent | null {
  if (raw === null) return null
  try {
    return asChoice(JSON.parse(raw))
  } catch {
    return null
  }
}

/**
 * @param storage the stored choice (one JSON value in localStorage, `COOKIE_CONSENT_STORAGE_KEY`)
 * @param key that storage key, to recognise another tab's change in a storage event
 * @param win the page's window (null outside a browser: no other tabs to hear)
 */
export function createConsent(storage: KeyedStorage<CookieConsent>, key: string, win: ConsentWindow | null): ConsentService {
  let current = asChoice(storage.get())
  const listeners = new Set<(choice: CookieConsent | null) => void>()

  function update(next: CookieConsent | null): void {
    if (next === current) return
    current = next
    for (const listener of [...listeners]) listener(next)
  }

  // Another tab's choice (or its removal) applies here too. Listening for the page's whole life is
  // fine: there is one consent service per page.
  win?.addEventListener('storage', (event) => {
    if (event.key === null || event.key === key) update(parse(event.key === null ? null : event.newValue))
  })

  return {
    get: () => current,
    set(choice) {
      storage.set(choice)
      update(choice)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
