import { measureElement, observeElementOffset, observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import type { Rect, VirtualItem, Virtualizer } from '@tanstack/react-virtual'
import { Button, Spinner } from '@vchat/ui'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CHAT_LIST_GAP_PX,
  CHAT_LIST_PADDING_PX,
  CHAT_LOAD_OLDER_THRESHOLD_PX,
  CHAT_ROW_ESTIMATE_PX,
  CHAT_ROW_OVERSCAN,
  CHAT_STICK_TO_BOTTOM_PX,
} from '../../constants'
import type { ChatMessageRecord } from '../../services/types'
import type { LoadStatus } from '../../app/loadStatus'

/** One row of the conversation: a message, an upload on its way, or one of the list's own rows. */
export type MessageRow<Upload> =
  | { kind: 'message'; key: string; message: ChatMessageRecord }
  | { kind: 'upload'; key: string; upload: Upload }
  | { kind: 'welcome'; key: string }
  | { kind: 'older'; key: string }

/**
 * What the list item of a row spreads onto itself: the virtualiser's measuring ref and index, and the
 * row's place in the whole list for assistive technology (only part of the list is in the DOM).
 */
export interface RowSlot {
  ref: (element: Element | null) => void
  'data-index': number
  'aria-posinset': number
  'aria-setsize': number
}

/**
 * Whether two slots place a row the same way. The list makes a new slot object for every row on every
 * render (each scroll frame), so a memoised row compares them by value: rows scrolled past are not
 * rendered again.
 */
export function sameSlot(a: RowSlot | undefined, b: RowSlot | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return a.ref === b.ref && a['data-index'] === b['data-index'] && a['aria-posinset'] === b['aria-posinset'] && a['aria-setsize'] === b['aria-setsize']
}

export interface MessageListProps<Upload> {
  rows: readonly MessageRow<Upload>[]
  /** The accessible name of the list. */
  label: string
  /** Whether the newest row is the user's own (sending it brings the list back to the newest). */
  lastIsOwn: boolean
  hasOlder: boolean
  olderStatus: LoadStatus
  onLoadOlder(): void
  renderRow(row: MessageRow<Upload>, slot: RowSlot): ReactNode
  /**
   * The newest incoming message as screen readers should hear it (`key` tells one message from the
   * next). Announced only when it arrives while the conversation is open.
   */
  announcement?: { key: string; text: string } | null
}

/**
 * Before the list has been laid out (and where there is no layout at all) the virtualiser would see a
 * 0 × 0 box and render nothing: it gets a phone screen's box instead, so the newest rows are there
 * from the first paint.
 */
/** The key of the list's own "older messages" row (loading, failed, retry), first whenever there are older messages. */
const OLDER_ROW_KEY = 'older'

const FALLBACK_RECT: Rect = { width: 375, height: 640 }

type ListVirtualizer = Virtualizer<HTMLDivElement, Element>

function observeRectOrScreenful(instance: ListVirtualizer, callback: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT))
}

/** Likewise without layout: the screenful shown is the newest one, where a conversation opens. */
function observeOffsetOrNewest(instance: ListVirtualizer, callback: (offset: number, isScrolling: boolean) => void) {
  return observeElementOffset(instance, (offset, isScrolling) => {
    const laidOut = (instance.scrollElement?.clientHeight ?? 0) > 0
    callback(laidOut ? offset : Math.max(0, instance.getTotalSize() - FALLBACK_RECT.height), isScrolling)
  })
}

/** A row without layout measures 0: it keeps its estimate (a laid-out row always has a height). */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: ListVirtualizer): number {
  const size = measureElement(element, entry, instance)
  return size > 0 ? size : CHAT_ROW_ESTIMATE_PX
}

const keepScrollPosition = () => false

/**
 * The conversation's messages, oldest first, virtualised: only the rows in and near the view are in the
 * DOM, so a thread of thousands of messages (or a burst of them) costs what one screenful costs.
 *
 * - Rows have their natural heights (measured as they render); the space of the rows not rendered is the
 *   list's padding, so rows keep the ordinary flow layout (incoming at the start, outgoing at the end).
 * - The view follows the newest message while it is at the bottom; scrolled up to read, it stays where
 *   it is and offers "New messages". Sending a message brings it back to the newest.
 * - Near the top, the previous page of history loads (`onLoadOlder`); the rows read stay in place
 *   while older ones are added above them. A failed page offers a retry.
 * - Screen readers get the list's size and each row's position (aria-setsize / aria-posinset), since
 *   only part of the list exists in the DOM. The list is not a live region (rows come and go while
 *   scrolling); a separate status announces a message that arrives while the conversation is open.
 */
export function MessageList<Upload>({ rows, label, lastIsOwn, hasOlder, olderStatus, onLoadOlder, renderRow, announcement = null }: MessageListProps<Upload>) {
  const { t } = useTranslation('chat')
  const scrollRef = useRef<HTMLDivElement>(null)
  /** The view is at the newest message and follows it. */
  const following = useRef(true)
  const [unseen, setUnseen] = useState(false)
  /** The newest incoming message when the conversation opened: already there, not news. */
  const [openedWith] = useState(announcement?.key ?? null)
  const news = announcement && announcement.key !== openedWith ? announcement.text : ''

  const allRows = useMemo<readonly MessageRow<Upload>[]>(
    () => (hasOlder || olderStatus === 'failed' ? [{ kind: 'older', key: OLDER_ROW_KEY }, ...rows] : rows),
    [rows, hasOlder, olderStatus],
  )
  const virtualizer = useVirtualizer({
    count: allRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CHAT_ROW_ESTIMATE_PX,
    getItemKey: (index) => allRows[index]?.key ?? index,
    overscan: CHAT_ROW_OVERSCAN,
    gap: CHAT_LIST_GAP_PX,
    paddingStart: CHAT_LIST_PADDING_PX,
    paddingEnd: CHAT_LIST_PADDING_PX,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectOrScreenful,
    observeElementOffset: observeOffsetOrNewest,
    measureElement: measureRow,
  })
  // This list keeps the row in view in place itself (see the layout effect), for added rows and
  // measured ones alike; the virtualiser adjusting too would move it twice.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = keepScrollPosition
  const items = virtualizer.getVirtualItems()
  const totalSize = virtualizer.getTotalSize()

  const loadOlderIfNearTop = useCallback(() => {
    const list = scrollRef.current
    if (!list || !hasOlder || olderStatus === 'loading' || olderStatus === 'failed') return
    if (list.scrollTop < CHAT_LOAD_OLDER_THRESHOLD_PX) onLoadOlder()
  }, [hasOlder, olderStatus, onLoadOlder])

  /**
   * The first message row in view and where it starts: rows added or re-measured above it must not move
   * it. Never the "older" row: it stays first whatever loads under it, so at the very top the view kept
   * to it, the older page pushed the messages down out of sight, the view sat on the spinner again, and
   * with no scroll to follow no further page was asked for.
   */
  const anchor = useRef<{ key: VirtualItem['key']; start: number } | null>(null)
  const rememberAnchor = () => {
    const top = scrollRef.current?.scrollTop ?? 0
    const inView = virtualizer.getVirtualItems().find((item) => item.end > top && item.key !== OLDER_ROW_KEY)
    anchor.current = inView ? { key: inView.key, start: inView.start } : null
  }

  const onScroll = () => {
    const list = scrollRef.current
    if (!list) return
    following.current = list.scrollHeight - list.scrollTop - list.clientHeight <= CHAT_STICK_TO_BOTTOM_PX
    rememberAnchor()
    if (following.current) setUnseen(false)
    else loadOlderIfNearTop()
  }

  const lastKey = allRows.at(-1)?.key
  const previousLastKey = useRef(lastKey)
  useLayoutEffect(() => {
    const list = scrollRef.current
    if (!list) return
    const newRow = lastKey !== previousLastKey.current
    previousLastKey.current = lastKey
    if (newRow && lastIsOwn) following.current = true
    if (following.current) {
      // Reading scrollHeight is cheap here: only a screenful of rows is laid out.
      list.scrollTop = list.scrollHeight
      // Without layout nothing scrolls, so nothing tells the virtualiser: the newest screenful it is.
      if (list.clientHeight === 0) list.dispatchEvent(new Event('scroll'))
    } else {
      const previous = anchor.current
      const index = previous ? allRows.findIndex((row) => row.key === previous.key) : -1
      const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined
      if (previous && start !== undefined && start !== previous.start) list.scrollTop += start - previous.start
      if (newRow) setUnseen(true)
    }
    rememberAnchor()
    // rememberAnchor reads the virtualiser, which is stable; listing it would re-run this on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allRows, lastKey, lastIsOwn, totalSize, virtualizer])

  // A short history that does not fill the view cannot be scrolled: its older page loads at once. And a
  // page that arrived while the reader sits at the top, and still leaves them near it, asks for the next
  // one: no scroll will come to do so.
  useEffect(() => {
    const list = scrollRef.current
    if (!list || list.scrollHeight <= 0) return
    if (list.scrollHeight <= list.clientHeight || !following.current) loadOlderIfNearTop()
  }, [loadOlderIfNearTop, totalSize])

  const toNewest = () => {
    following.current = true
    setUnseen(false)
    const list = scrollRef.current
    if (list) list.scrollTop = list.scrollHeight
  }

  const first = items[0]
  const last = items.at(-1)
  return (
    <div className="vc-chat-view__scroll">
      <div className="vc-chat-view__scroller" ref={scrollRef} onScroll={onScroll}>
        <ol
          className="vc-chat-view__messages"
          aria-label={label}
          style={{
            paddingBlockStart: first ? first.start : CHAT_LIST_PADDING_PX,
            paddingBlockEnd: last ? Math.max(CHAT_LIST_PADDING_PX, totalSize - last.end) : CHAT_LIST_PADDING_PX,
          }}
        >
          {items.map((item) => {
            const row = allRows[item.index]
            if (!row) return null
            const slot: RowSlot = { ref: virtualizer.measureElement, 'data-index': item.index, 'aria-posinset': item.index + 1, 'aria-setsize': allRows.length }
            if (row.kind === 'older') {
              return (
                <li key={row.key} {...slot} className="vc-chat-msg vc-chat-msg--notice vc-chat-view__older">
                  {olderStatus === 'failed' ? (
                    <>
                      <span role="alert">{t('thread.olderFailed')}</span>
                      <Button variant="secondary" onClick={onLoadOlder}>
                        {t('actions.tryAgain')}
                      </Button>
                    </>
                  ) : (
                    <Spinner label={t('thread.loadingOlder')} />
                  )}
                </li>
              )
            }
            return renderRow(row, slot)
          })}
        </ol>
      </div>
      <p className="vc-visually-hidden" role="status">
        {news}
      </p>
      {unseen ? (
        <button type="button" className="vc-chat-view__newest" onClick={toNewest}>
          {t('thread.newMessages')} <span aria-hidden="true">↓</span>
        </button>
      ) : null}
    </div>
  )
}
