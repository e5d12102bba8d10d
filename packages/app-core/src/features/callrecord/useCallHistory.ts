import { useCallback, useEffect, useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { CallHistoryEntry } from './callHistory'
import { callHistoryLeft, initialCallHistoryState, loadCallHistory, loadMoreCallHistory, selectCallHistory, selectCallHistoryEntries, selectMyBareJid } from './callHistorySlice'
import type { CallHistoryState } from './callHistorySlice'

const NO_ENTRIES: CallHistoryEntry[] = []

export interface CallHistory {
  state: CallHistoryState
  entries: CallHistoryEntry[]
  reload(): void
  loadMore(): void
}

/**
 * The signed-in user's video history: the calls this browser recorded (chat-db `videocalls`) and the
 * server's call records, merged; further server pages on demand. Asked each time the screen opens
 * (and for another user, when the user changes), let go when it closes.
 */
export function useCallHistory(): CallHistory {
  const dispatch = useAppDispatch()
  const me = useAppSelector(selectMyBareJid)
  const stored = useAppSelector(selectCallHistory)
  const storedEntries = useAppSelector(selectCallHistoryEntries)
  // Until it has asked, the screen shows its loading state, as a fresh one always did: the store may
  // still hold the rows of the screen it replaces (the page behind a popup remounts when the popup
  // opens), let go only once this one has rendered.
  const [asked, setAsked] = useState(false)
  const state = asked ? stored : initialCallHistoryState
  const entries = asked ? storedEntries : NO_ENTRIES

  const reload = useCallback(() => {
    if (!me) return
    void dispatch(loadCallHistory(me))
    setAsked(true)
  }, [dispatch, me])

  useEffect(() => {
    reload()
    return () => {
      dispatch(callHistoryLeft())
    }
  }, [dispatch, reload])

  // A new function whenever the paging moves on: the list asks again while its end is in view.
  const { status, moreId, nextCursor } = state
  const loadMore = useCallback(() => {
    if (status !== 'ready' || moreId !== null || nextCursor === null) return
    void dispatch(loadMoreCallHistory())
  }, [dispatch, status, moreId, nextCursor])

  return { state, entries, reload, loadMore }
}
