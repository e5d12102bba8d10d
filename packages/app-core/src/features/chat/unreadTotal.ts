import type { RootState } from '../../app/state'

/**
 * Unread messages over all threads: the badge on the messages tab. Kept apart from `chatSlice` so the
 * home layout (landing page included) shows the badge without loading the chat slice: before the
 * slice is injected the store holds no chat state and the count is 0.
 */
export const selectUnreadTotal = (state: RootState): number =>
  (state.chat?.threads ?? []).reduce((sum, thread) => sum + thread.unread, 0)
