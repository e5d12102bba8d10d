import type { ExclusiveAnchorListResponse } from '@vchat/api-client'
import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AppLink, useAppNavigate } from '../../routes/navigation'
import { useMinuteClock } from '../anchor/usePresence'
import { AnchorCard } from './AnchorCard'
import { anchorsSeen, selectPresenceMap } from './discoverSlice'
import { HOST_WALL_PATH, chatPath, videoCallPath } from './paths'
import './discover.css'

const PAGE_SIZE = 20

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; page: ExclusiveAnchorListResponse }

/** Where the wall links to the exclusive-girl page (a view of /goddess, so it keeps the tab and its auth). */
export const EXCLUSIVE_PATH = '/goddess?view=exclusive'

/**
 * The exclusive-girl page: hosts who keep their time for members, with their own introduction and the
 * exclusive price per minute. Paid users call and chat with them; free users see the page locked with
 * the way to recharge.
 */
export function ExclusiveScreen() {
  const { t } = useTranslation('discover')
  const { api } = useServices()
  const dispatch = useAppDispatch()
  const navigate = useAppNavigate()
  const presence = useAppSelector(selectPresenceMap)
  const now = useMinuteClock()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [loadingMore, setLoadingMore] = useState(false)

  const fetchFirst = useCallback(async () => {
    setLoad({ status: 'loading' })
    try {
      const page = await api.getExclusiveAnchors({ page: 1, size: PAGE_SIZE })
      dispatch(anchorsSeen(page.list))
      setLoad({ status: 'ready', page })
    } catch {
      setLoad({ status: 'failed' })
    }
  }, [api, dispatch])

  useEffect(() => {
    void fetchFirst()
  }, [fetchFirst])

  const fetchMore = async (current: ExclusiveAnchorListResponse) => {
    setLoadingMore(true)
    try {
      const next = await api.getExclusiveAnchors({ page: current.page + 1, size: PAGE_SIZE })
      dispatch(anchorsSeen(next.list))
      setLoad({ status: 'ready', page: { ...next, list: [...current.list, ...next.list.filter((item) => !current.list.some((known) => known.jid === item.jid))] } })
    } catch {
      // The button stays for another try; the hosts already shown stay.
    } finally {
      setLoadingMore(false)
    }
  }

  let body
  if (load.status === 'loading') {
    body = (
      <div aria-busy="true">
        <span className="vc-visually-hidden" role="status">
          {t('exclusive.loading')}
        </span>
        <Skeleton blockSize="320px" />
      </div>
    )
  } else if (load.status === 'failed') {
    body = <EmptyState title={t('exclusive.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={() => void fetchFirst()}>{t('retry')}</Button>} />
  } else if (load.page.list.length === 0) {
    body = <EmptyState title={t('exclusive.emptyTitle')} message={t('exclusive.emptyMessage')} />
  } else {
    const { page } = load
    body = (
      <>
        {page.unlocked ? null : (
          <div className="vc-exclusive__locked" role="note" data-testid="exclusive-locked">
            <p className="vc-exclusive__locked-title">{t('exclusive.lockedTitle')}</p>
            <p>{t('exclusive.lockedMessage')}</p>
            <AppLink to="/paymenthistory" className="vc-button vc-button--primary">
              {t('exclusive.recharge')}
            </AppLink>
          </div>
        )}
        <ul className="vc-exclusive__list" data-testid="exclusive-list" data-count={page.list.length}>
          {page.list.map((anchor) => (
            <li key={anchor.jid} className="vc-exclusive__item">
              <div className="vc-exclusive__card">
                <AnchorCard anchor={anchor} status={presence[anchor.jid] ?? anchor.onlineStatus} now={now} />
              </div>
              <div className="vc-exclusive__text">
                <p className="vc-exclusive__intro" dir="auto">
                  {anchor.exclusiveIntro}
                </p>
                <dl className="vc-profile__facts">
                  <dt>{t('exclusive.price')}</dt>
                  <dd>{anchor.exclusivePrice}</dd>
                </dl>
                {page.unlocked ? (
                  <div className="vc-profile__actions">
                    <Button onClick={() => navigate(videoCallPath(anchor.uid))}>{t('actions.call')}</Button>
                    <Button variant="secondary" onClick={() => navigate(chatPath(anchor.jid))}>
                      {t('actions.chat')}
                    </Button>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {page.hasMore ? (
          <Button variant="secondary" block disabled={loadingMore} onClick={() => void fetchMore(page)}>
            {t('social.more')}
          </Button>
        ) : null}
      </>
    )
  }

  return (
    <section className="vc-wall vc-exclusive" aria-labelledby="exclusive-title">
      <AppLink to={HOST_WALL_PATH} className="vc-exclusive__back">
        {t('exclusive.back')}
      </AppLink>
      <h1 id="exclusive-title" className="vc-wall__title">
        {t('exclusive.title')}
      </h1>
      <p className="vc-exclusive__lead">{t('exclusive.lead')}</p>
      {body}
    </section>
  )
}
