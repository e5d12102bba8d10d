import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual'
import { Button, EmptyState, Skeleton, Tabs } from '@vchat/ui'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { DISCOVER_LANGUAGES } from '../../constants'
import { languageName } from '../anchor'
import { useMinuteClock, usePresencePolling } from './usePresence'
import { AnchorCard } from './AnchorCard'
import { fetchAnchorList, selectAnchorList, selectAnchors, selectPresenceMap } from './discoverSlice'
import type { AnchorListKind } from './discoverSlice'
import { ContactPopup } from './ContactPopup'
import { selectIsLoggedIn } from '../auth'
import { LuckyBoxEntry } from '../luckybox'
import { AppLink } from '../../routes/navigation'
import { EXCLUSIVE_PATH, ExclusiveScreen } from './ExclusiveScreen'
import '../../layout/discover.css'

const KINDS: readonly AnchorListKind[] = ['hot', 'new', 'recommended']
type Language = (typeof DISCOVER_LANGUAGES)[number]

/** Card columns by the wall's width (mobile 2). */
export function columnsFor(width: number): number {
  if (width >= 1280) return 5
  if (width >= 1024) return 4
  if (width >= 640) return 3
  return 2
}

const GAP = 8
/** Cards are 3:4 pictures. */
const rowHeightFor = (width: number, columns: number) => Math.round(((width - GAP * (columns - 1)) / columns) * (4 / 3)) + GAP

function useWidth(ref: React.RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return undefined
    const measure = () => setWidth(element.clientWidth || fallback)
    measure()
    if (typeof ResizeObserver === 'undefined') return undefined
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, fallback])
  return width
}

/** /goddess: the host wall, or (`?view=exclusive`) the exclusive-girl page. */
export function GoddessScreen() {
  const [params] = useSearchParams()
  return params.get('view') === 'exclusive' ? <ExclusiveScreen /> : <GoddessWall />
}

/**
 * /goddess (discover): the host wall — hot, new and recommended lists, language tabs (SPEC §2),
 * virtualised rows (only the visible rows are in the DOM) with the next page loaded near the end.
 */
export function GoddessWall() {
  const { t, i18n } = useTranslation('discover')
  const dispatch = useAppDispatch()
  const [kind, setKind] = useState<AnchorListKind>('hot')
  const [language, setLanguage] = useState<Language>('all')
  const list = useAppSelector((state) => selectAnchorList(state, kind, language))
  const anchors = useAppSelector(selectAnchors)
  const presence = useAppSelector(selectPresenceMap)
  const now = useMinuteClock()
  const gridRef = useRef<HTMLDivElement>(null)
  const width = useWidth(gridRef, 360)
  const columns = columnsFor(width)
  const rowHeight = rowHeightFor(width, columns)
  const rowCount = Math.ceil(list.jids.length / columns)

  // Visitors only see the wall behind a popup (login): no server call until someone is signed in.
  const loggedIn = useAppSelector(selectIsLoggedIn)
  useEffect(() => {
    if (loggedIn && list.status === 'idle') void dispatch(fetchAnchorList({ kind, language }))
  }, [dispatch, kind, language, list.status, loggedIn])

  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    setScrollMargin(gridRef.current ? gridRef.current.getBoundingClientRect().top + window.scrollY : 0)
  }, [list.status])

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin,
    // Scroll only when the offset really changes (the virtualiser re-applies the current one on mount).
    scrollToFn: (offset, options, instance) => {
      if (Math.abs(window.scrollY - offset) >= 1) windowScroll(offset, options, instance)
    },
    initialRect: { width, height: typeof window === 'undefined' ? 800 : window.innerHeight || 800 },
  })
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer])
  const rows = virtualizer.getVirtualItems()
  const lastRow = rows.at(-1)?.index ?? -1

  // The next page when the last rows come into view.
  useEffect(() => {
    if (list.status === 'ready' && list.hasMore && !list.loadingMore && !list.error && lastRow >= rowCount - 3) {
      void dispatch(fetchAnchorList({ kind, language, more: true }))
    }
  }, [dispatch, kind, language, lastRow, rowCount, list.status, list.hasMore, list.loadingMore, list.error])

  const visibleJids = rows.flatMap((row) => list.jids.slice(row.index * columns, row.index * columns + columns))
  usePresencePolling(visibleJids)

  const retry = () => void dispatch(fetchAnchorList({ kind, language }))
  const languageTabs = DISCOVER_LANGUAGES.map((code) => ({ key: code, label: code === 'all' ? t('wall.allLanguages') : languageName(code, code) }))

  return (
    <section className="vc-wall" aria-labelledby="wall-title">
      <h1 id="wall-title" className="vc-wall__title">
        {t('wall.title')}
      </h1>
      {loggedIn ? (
        <div className="vc-wall__entries">
          <AppLink to={EXCLUSIVE_PATH} className="vc-button vc-button--secondary" data-testid="exclusive-entry">
            {t('exclusive.entry')}
          </AppLink>
          <LuckyBoxEntry />
        </div>
      ) : null}
      <Tabs label={t('wall.listLabel')} items={KINDS.map((key) => ({ key, label: t(`wall.kind.${key}`) }))} value={kind} onChange={setKind} controls="wall-panel" />
      <Tabs label={t('wall.languageLabel')} items={languageTabs} value={language} onChange={setLanguage} controls="wall-panel" className="vc-wall__languages" />
      <div ref={gridRef} id="wall-panel" role="tabpanel" aria-label={t(`wall.kind.${kind}`)} aria-busy={list.status === 'loading' || list.loadingMore} lang={i18n.language}>
        {list.status === 'loading' || list.status === 'idle' ? (
          <div className="vc-wall__grid" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }} data-testid="wall-skeleton">
            <span className="vc-visually-hidden" role="status">
              {t('wall.loading')}
            </span>
            {Array.from({ length: columns * 3 }, (_, index) => (
              <Skeleton key={index} className="vc-wall__skeleton" />
            ))}
          </div>
        ) : list.status === 'failed' ? (
          <EmptyState title={t('wall.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={retry}>{t('retry')}</Button>} />
        ) : list.jids.length === 0 ? (
          <EmptyState title={t('wall.emptyTitle')} message={t(language === 'all' ? 'wall.emptyMessage' : 'wall.emptyLanguage')} />
        ) : (
          <div className="vc-wall__rows" style={{ blockSize: virtualizer.getTotalSize() }} data-testid="wall-rows" data-count={list.jids.length}>
            {rows.map((row) => (
              <div
                key={row.key}
                className="vc-wall__row"
                style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`, blockSize: rowHeight - GAP, gridTemplateColumns: `repeat(${columns}, 1fr)` }}
                data-index={row.index}
              >
                {list.jids.slice(row.index * columns, row.index * columns + columns).map((jid) => {
                  const anchor = anchors[jid]
                  return anchor ? <AnchorCard key={jid} anchor={anchor} status={presence[jid] ?? anchor.onlineStatus} now={now} /> : null
                })}
              </div>
            ))}
          </div>
        )}
        {list.loadingMore ? <Skeleton shape="text" inlineSize="100%" className="vc-wall__more" /> : null}
        {list.status === 'ready' && list.error ? (
          <div className="vc-wall__more-error" role="alert">
            {t('wall.moreError')} <Button variant="secondary" onClick={() => void dispatch(fetchAnchorList({ kind, language, more: true }))}>{t('retry')}</Button>
          </div>
        ) : null}
      </div>
      {loggedIn ? <ContactPopup /> : null}
    </section>
  )
}
