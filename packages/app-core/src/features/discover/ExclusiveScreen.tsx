import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink, useAppNavigate } from '../../routes/navigation'
import { useMinuteClock } from './usePresence'
import { AnchorCard } from './AnchorCard'
import { selectPresenceMap } from './discoverSlice'
import { exclusivePageLeft, initialExclusiveState, loadExclusiveHosts, loadMoreExclusiveHosts, selectExclusive } from './exclusiveSlice'
import { HOST_WALL_PATH, chatPath, videoCallPath } from '../../routes/paths'
import '../../layout/discover.css'

/** Where the wall links to the exclusive-girl page (a view of /goddess, so it keeps the tab and its auth). */
export const EXCLUSIVE_PATH = '/goddess?view=exclusive'

/**
 * The exclusive-girl page: hosts who keep their time for members, with their own introduction and the
 * exclusive price per minute. Paid users call and chat with them; free users see the page locked with
 * the way to recharge.
 */
export function ExclusiveScreen() {
  const { t } = useTranslation('discover')
  const dispatch = useAppDispatch()
  const navigate = useAppNavigate()
  const presence = useAppSelector(selectPresenceMap)
  const now = useMinuteClock()
  const exclusive = useAppSelector(selectExclusive)
  // Until it has asked, the page shows its loading state, as a fresh one always did: the store may
  // still hold what the page showed where it stood before (the wall behind a popup remounts when the
  // popup opens), let go only once this one has rendered.
  const [asked, setAsked] = useState(false)
  const { status, hosts, moreId } = asked ? exclusive : initialExclusiveState

  useEffect(() => {
    void dispatch(loadExclusiveHosts())
    setAsked(true)
    // Fresh each time the page opens: what it showed goes with it.
    return () => {
      dispatch(exclusivePageLeft())
    }
  }, [dispatch])

  let body
  if (status === 'failed') {
    body = <EmptyState title={t('exclusive.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={() => void dispatch(loadExclusiveHosts())}>{t('retry')}</Button>} />
  } else if (status !== 'ready' || !hosts) {
    body = (
      <div aria-busy="true">
        <span className="vc-visually-hidden" role="status">
          {t('exclusive.loading')}
        </span>
        <Skeleton blockSize="320px" />
      </div>
    )
  } else if (hosts.list.length === 0) {
    body = <EmptyState title={t('exclusive.emptyTitle')} message={t('exclusive.emptyMessage')} />
  } else {
    body = (
      <>
        {hosts.unlocked ? null : (
          <div className="vc-exclusive__locked" role="note" data-testid="exclusive-locked">
            <p className="vc-exclusive__locked-title">{t('exclusive.lockedTitle')}</p>
            <p>{t('exclusive.lockedMessage')}</p>
            <AppLink to="/paymenthistory" className="vc-button vc-button--primary">
              {t('exclusive.recharge')}
            </AppLink>
          </div>
        )}
        <ul className="vc-exclusive__list" data-testid="exclusive-list" data-count={hosts.list.length}>
          {hosts.list.map((anchor) => (
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
                {hosts.unlocked ? (
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
        {hosts.hasMore ? (
          <Button variant="secondary" block disabled={moreId !== null} onClick={() => void dispatch(loadMoreExclusiveHosts())}>
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
