/**
 * The contact pop-up's state type, apart from the slice: `app/state.ts` gathers every slice's state
 * type from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { ContactPopupInfo } from '@vchat/api-client'

/**
 * The server's suggestion for the contact pop-up while the goddess wall is in front: asked when the wall
 * comes to the front (once per browser session), let go when the wall closes (`contactPopupLeft`).
 * When to open it and whether it was shown this session are the pop-up's own (clock and session storage).
 */
export interface ContactPopupState {
  /** The server's answer (contact_popup_info); null until it arrives, and when it cannot be had. */
  info: ContactPopupInfo | null
  /** The ask the pop-up waits for; an earlier one's answer (the wall since covered or closed) is dropped. */
  loadId: string | null
}
