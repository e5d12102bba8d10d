/**
 * The live hosts state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { PublicHost } from '@vchat/api-client'

/**
 * Who is live, as a visitor's landing page shows it (the public wall, api `getPublicHosts`): faces,
 * names and presence before any login. Joins the store with the landing page's code.
 */
export interface LiveHostsState {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  list: PublicHost[]
  /** The language the list was asked for (hosts speaking it come first). */
  language: string | null
  /** When the list arrived (ms), 0 before. */
  loadedAt: number
}
