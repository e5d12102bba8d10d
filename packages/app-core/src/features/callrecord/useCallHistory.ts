import type { CallRecord } from '@vchat/api-client'
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import { useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import type { VideoCallRecord } from '../../services/types'
import { mergeCallHistory } from './callHistory'
import type { CallHistoryEntry } from './callHistory'

/** Server records asked for per page. */
export const CALL_RECORD_PAGE_SIZE = 30

export interface CallHistoryState {
  status: 'loading' | 'ready' | 'failed'
  server: CallRecord[]
  local: VideoCallRecord[]
  /** Cursor of the next server page; null when the server listed everything. */
  nextCursor: string | null
  /** The server could not be read (the local records are shown alone). */
  serverFailed: boolean
  loadingMore: boolean
}

export type CallHistoryAction =
  | { type: 'loading' }
  | { type: 'loaded'; local: VideoCallRecord[] | null; server: { list: CallRecord[]; nextCursor: string | null } | null }
  | { type: 'moreLoading' }
  | { type: 'moreLoaded'; list: CallRecord[]; nextCursor: string | null }
  | { type: 'moreFailed' }

export const initialCallHistory: CallHistoryState = { status: 'loading', server: [], local: [], nextCursor: null, serverFailed: false, loadingMore: false }

/** The video history's load states: both sources at first, then further server pages. */
export function callHistoryReducer(state: CallHistoryState, action: CallHistoryAction): CallHistoryState {
  switch (action.type) {
    case 'loading':
      return initialCallHistory
    case 'loaded':
      if (action.local === null && action.server === null) return { ...initialCallHistory, status: 'failed' }
      return {
        status: 'ready',
        local: action.local ?? [],
        server: action.server?.list ?? [],
        nextCursor: action.server?.nextCursor ?? null,
        serverFailed: action.server === null,
        loadingMore: false,
      }
    case 'moreLoading':
      return { ...state, loadingMore: true, serverFailed: false }
    case 'moreLoaded': {
      const known = new Set(state.server.map((record) => record.sid))
      return { ...state, loadingMore: false, server: [...state.server, ...action.list.filter((record) => !known.has(record.sid))], nextCursor: action.nextCursor }
    }
    case 'moreFailed':
      return { ...state, loadingMore: false, serverFailed: true }
    default:
      return state
  }
}

export interface CallHistory {
  state: CallHistoryState
  entries: CallHistoryEntry[]
  reload(): void
  loadMore(): void
}

/**
 * The signed-in user's video history: the calls this browser recorded (chat-db `videocalls`) and the
 * server's call records, merged; further server pages on demand.
 */
export function useCallHistory(): CallHistory {
  const { api, db } = useServices()
  const me = useAppSelector((state) => state.auth.user?.jid.split('/')[0] ?? null)
  const [state, dispatch] = useReducer(callHistoryReducer, initialCallHistory)
  const generation = useRef(0)

  const reload = useCallback(() => {
    if (!me) return
    const current = ++generation.current
    dispatch({ type: 'loading' })
    void Promise.allSettled([db.listVideoCalls(me), api.getCallRecords({ size: CALL_RECORD_PAGE_SIZE })]).then(([local, server]) => {
      if (current !== generation.current) return
      dispatch({
        type: 'loaded',
        local: local.status === 'fulfilled' ? local.value : null,
        server: server.status === 'fulfilled' ? server.value : null,
      })
    })
  }, [api, db, me])

  useEffect(() => {
    reload()
  }, [reload])

  const { nextCursor, loadingMore, status } = state
  const loadMore = useCallback(() => {
    if (status !== 'ready' || loadingMore || nextCursor === null) return
    const current = generation.current
    dispatch({ type: 'moreLoading' })
    api.getCallRecords({ size: CALL_RECORD_PAGE_SIZE, cursor: nextCursor }).then(
      (page) => {
        if (current === generation.current) dispatch({ type: 'moreLoaded', list: page.list, nextCursor: page.nextCursor })
      },
      () => {
        if (current === generation.current) dispatch({ type: 'moreFailed' })
      },
    )
  }, [api, status, loadingMore, nextCursor])

  const entries = useMemo(
    () => (me ? mergeCallHistory(state.server, state.local, me, state.nextCursor === null) : []),
    [me, state.server, state.local, state.nextCursor],
  )
  return { state, entries, reload, loadMore }
}
