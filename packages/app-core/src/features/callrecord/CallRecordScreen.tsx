import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, EmptyState, Skeleton } from '@vchat/ui'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppNavigate } from '../../routes/navigation'
import { isAnchorJid } from '@vchat/contract'
import type { CallHistoryEntry } from './callHistory'
import { useCallHistory } from './useCallHistory'
import { usePerson } from '../users'
import './callrecord.css'
import { HOST_WALL_PATH, profilePathOf, videoCallPath } from '../../routes/paths'
import { formatDuration } from '../call'

const ROW_HEIGHT = 88
/** Rows from the end at which the next server page is asked for. */
const LOAD_MORE_THRESHOLD = 5


function CallRow({ entry, dateFormat, index }: { entry: CallHistoryEntry; dateFormat: Intl.DateTimeFormat; index: number }) {
  const { t } = useTranslation('call')
  const navigate = useAppNavigate()
  // The directory's name and photo (the record's own until it answers); never "User <uid>".
  const person = usePerson(entry.peerJid, entry.peerNickName)
  const name = person.name
  const avatarUrl = person.avatarUrl || entry.peerAvatarUrl
  const host = isAnchorJid(entry.peerJid)
  const charge =
    entry.charged === null
      ? null
      : entry.free
        ? t('history.free')
        : entry.tier === 'silver'
          ? t('history.silverCharged', { count: entry.charged })
          : t('history.gemsCharged', { count: entry.charged })
  const nameId = `callrecord-name-${index}`
  const who = (
    <>
      <Avatar src={withImageQuality(avatarUrl)} name={name} size={48} decorative />
      <span className="vc-callrecord__name" id={nameId} dir="auto">
        {name}
      </span>
    </>
  )
  return (
    <div className="vc-callrecord__item" data-status={entry.status}>
      {host ? (
        <button type="button" className="vc-callrecord__who" onClick={() => navigate(profilePathOf(entry.peerJid))}>
          {who}
        </button>
      ) : (
        <span className="vc-callrecord__who">{who}</span>
      )}
      <span className="vc-callrecord__meta">
        <span>{t(`history.direction.${entry.direction}`)}</span>
        <span className="vc-callrecord__status">{t(`history.status.${entry.status}`)}</span>
        {entry.tier === 'silver' ? <span>{t('history.silverTier')}</span> : null}
        <time dateTime={new Date(entry.startTime).toISOString()}>{dateFormat.format(entry.startTime)}</time>
      </span>
      <span className="vc-callrecord__facts">
        {entry.durationSeconds !== null ? <span>{t('history.duration', { time: formatDuration(entry.durationSeconds) })}</span> : null}
        {charge !== null ? <span className="vc-callrecord__charge">{charge}</span> : null}
      </span>
      {host ? (
        <Button variant="secondary" className="vc-callrecord__again" onClick={() => navigate(videoCallPath(entry.peerUid))} aria-describedby={nameId}>
          {t('history.callAgain')}
        </Button>
      ) : null}
    </div>
  )
}

/** The rows, virtualised on the page's own scroll; the next server page loads near the end. */
/** Near the end after a failed page: nothing, until the user asks again. */
const waitForRetry = () => {}

function CallList({ entries, onNearEnd }: { entries: CallHistoryEntry[]; onNearEnd: () => void }) {
  const { t, i18n } = useTranslation('call')
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0)
  }, [entries.length])
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    // An estimate only: each row is measured once drawn, because at phone width or in a longer
    // language the direction, status and date wrap to more lines than one row height holds.
    estimateSize: () => ROW_HEIGHT,
    // A row is never shorter than ROW_HEIGHT (its min-block-size), which also keeps the estimate
    // where nothing is laid out (a detached row, or a test's DOM without layout).
    measureElement: (element) => Math.max(ROW_HEIGHT, element.getBoundingClientRect().height),
    overscan: 6,
    scrollMargin,
    initialRect: { width: 375, height: typeof window === 'undefined' ? 800 : window.innerHeight || 800 },
  })
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language])
  const rows = virtualizer.getVirtualItems()
  const lastShown = rows.at(-1)?.index ?? -1
  useEffect(() => {
    if (lastShown >= entries.length - LOAD_MORE_THRESHOLD) onNearEnd()
  }, [lastShown, entries.length, onNearEnd])
  return (
    <div ref={listRef} className="vc-callrecord__scroller">
      <ul className="vc-callrecord__list" aria-label={t('history.listLabel')} style={{ blockSize: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const entry = entries[row.index]
          if (!entry) return null
          return (
            <li
              key={entry.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="vc-callrecord__row"
              style={{ minBlockSize: ROW_HEIGHT, transform: `translateY(${row.start - scrollMargin}px)` }}
              aria-setsize={entries.length}
              aria-posinset={row.index + 1}
            >
              <CallRow entry={entry} dateFormat={dateFormat} index={row.index} />
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** /callrecord (video history): past calls from this browser's database and the server, newest first. */
export function CallRecordScreen() {
  const { t } = useTranslation('call')
  const { t: tApp } = useTranslation('app')
  const navigate = useAppNavigate()
  const { state, entries, reload, loadMore } = useCallHistory()
  const loading = state.status === 'idle' || state.status === 'loading'

  return (
    <section className="vc-app-page vc-callrecord" aria-labelledby="callrecord-title" aria-busy={loading}>
      <h1 id="callrecord-title" className="vc-app-page__title">
        {tApp('screens.callRecord')}
      </h1>
      {loading ? (
        <div>
          <span className="vc-visually-hidden" role="status">
            {t('history.loading')}
          </span>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} blockSize={`${ROW_HEIGHT - 12}px`} />
          ))}
        </div>
      ) : state.status === 'failed' ? (
        <EmptyState title={t('history.errorTitle')} message={t('history.errorMessage')} action={<Button onClick={reload}>{t('history.retry')}</Button>} />
      ) : entries.length === 0 && !state.serverFailed ? (
        <EmptyState
          title={t('history.emptyTitle')}
          message={t('history.emptyMessage')}
          action={
            <Button variant="secondary" onClick={() => navigate(HOST_WALL_PATH)}>
              {t('history.findHosts')}
            </Button>
          }
        />
      ) : (
        <>
          {state.serverFailed ? (
            <p className="vc-callrecord__notice" role="alert">
              {t('history.serverFailed')}{' '}
              <Button variant="secondary" onClick={state.server.length === 0 ? reload : loadMore}>
                {t('history.retry')}
              </Button>
            </p>
          ) : null}
          {/* After a failed page the list does not ask again by itself (it would, at every render, while
              the end is in view); the notice's Try again does. */}
          {entries.length > 0 ? <CallList entries={entries} onNearEnd={state.serverFailed ? waitForRetry : loadMore} /> : null}
          {state.moreId !== null ? (
            <p className="vc-callrecord__more" role="status">
              {t('history.loadingMore')}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
