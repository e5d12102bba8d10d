import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { withImageQuality } from '@vchat/api-client'
import { Avatar } from '@vchat/ui'
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatThreadSummary } from '../../services/types'
import { usePeople } from '../users'
import { kindOf } from './messageView'

const ROW_HEIGHT = 72

export interface ThreadListProps {
  threads: ChatThreadSummary[]
  activeTid: string | null
  onOpen(thread: ChatThreadSummary): void
}

/** The conversations, newest activity first; virtualised (only visible rows are in the DOM). */
export function ThreadList({ threads, activeTid, onOpen }: ThreadListProps) {
  const { t } = useTranslation('chat')
  const scrollRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const measure = () => setScrollMargin(scrollRef.current ? scrollRef.current.getBoundingClientRect().top + window.scrollY : 0)
    measure()
    // Content above the list can change height (the notification prompt closing): measure again.
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [threads.length])
  // The page scrolls (not an inner box): natural on phones, and only the visible rows are in the DOM.
  const virtualizer = useWindowVirtualizer({
    count: threads.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
    initialRect: { width: 375, height: typeof window === 'undefined' ? 800 : window.innerHeight || 800 },
  })
  // Named by the server's directory (the thread's stored nickname until it answers); never a raw id.
  const peers = useMemo(() => threads.filter((thread) => !thread.official).map((thread) => thread.peerJid), [threads])
  const storedNames = useMemo(() => Object.fromEntries(threads.map((thread) => [thread.peerJid, thread.nickName])), [threads])
  const people = usePeople(peers, storedNames)
  const preview = (thread: ChatThreadSummary) => {
    const last = thread.lastMessage
    if (!last) return thread.official ? t('official.preview') : ''
    const kind = kindOf(last)
    return kind === 'text' || kind === 'notice' ? last.content : t(`preview.${kind}`)
  }
  return (
    <div className="vc-chat-threads" ref={scrollRef}>
      <ul className="vc-chat-threads__list" aria-label={t('threads.label')} style={{ blockSize: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const thread = threads[row.index]
          if (!thread) return null
          const person = thread.official ? undefined : people[thread.peerJid]
          const name = person?.name ?? t('official.name')
          return (
            <li
              key={thread.tid}
              className="vc-chat-threads__row"
              style={{ blockSize: ROW_HEIGHT, transform: `translateY(${row.start - scrollMargin}px)` }}
              aria-setsize={threads.length}
              aria-posinset={row.index + 1}
            >
              <button
                type="button"
                className="vc-chat-threads__item"
                aria-current={thread.tid === activeTid ? 'true' : undefined}
                onClick={() => onOpen(thread)}
              >
                <Avatar className="vc-chat-threads__avatar" src={person ? withImageQuality(person.avatarUrl) : ''} name={name} size={44} decorative />
                <span className="vc-chat-threads__name" dir="auto">
                  {name}
                </span>
                <span className="vc-chat-threads__preview" dir="auto">
                  {preview(thread)}
                </span>
                {thread.unread > 0 ? (
                  <span className="vc-chat-threads__unread" aria-label={t('threads.unread', { count: thread.unread })}>
                    {thread.unread > 99 ? '99+' : thread.unread}
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
