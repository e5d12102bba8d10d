/**
 * The story-line show's state type, apart from the slice: `app/state.ts` gathers every slice's state
 * type from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { StoryLine } from '@vchat/api-client'

/**
 * The story line of the host whose profile is open: asked each time the profile shows a host and let
 * go when it closes (`storyLineLeft`). Nothing shows until it arrives, nor when it cannot be loaded.
 */
export interface StoryLineState {
  /**
   * The last story the server answered for the profile; kept while the next host's is on its way, so
   * the show on screen goes on until the new one replaces it.
   */
  story: StoryLine | null
  /** The load the profile waits for; an earlier one's answer (another host, a profile since left) is dropped. */
  loadId: string | null
}
