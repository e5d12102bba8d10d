import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { PageHeading } from '../../routes/BackLink'
import { selectAccount } from '../account'
import { selectIsLoggedIn } from '../auth'
import { selectConfig } from '../config'
import { AnchorCard, useMinuteClock } from '../discover'
import { SilverCallAction } from '../call'
import { clubViewLeft, initialClubViewState, loadClubView, selectClubCallTimes, selectClubView } from './clubSlice'
import type { ClubView } from './clubSlice'
import '../../layout/discover.css'
import './club.css'

/**
 * /club (silver club, switch enableSilverClub) and /silveranchor (the silver anchor list only): club
 * anchors with their silver price and a silver call action each (calls left today, call length, or why
 * not), the user's silver balance and silver spent, club call times and the club reward records.
 */
export function ClubScreen({ listOnly = false }: { listOnly?: boolean }) {
  const { t } = useTranslation('discover')
  const { t: tc } = useTranslation('call')
  const dispatch = useAppDispatch()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const config = useAppSelector(selectConfig)
  const account = useAppSelector(selectAccount)
  const now = useMinuteClock()
  const enabled = config?.veegoInfo.silverInfoConf.enableSilverClub ?? true
  const earnPerMinute = config?.veegoInfo.silverInfoConf.silverPerPaidClubMinute ?? 0
  const view: ClubView = listOnly ? 'silverAnchors' : 'club'
  const viewState = useAppSelector((state) => selectClubView(state, view))
  const times = useAppSelector(selectClubCallTimes)
  // Until it has asked, the view shows its loading state, as a fresh one always did: the store may
  // still hold what the view showed where it stood before (a page behind a popup remounts when the
  // popup opens), let go only once this one has rendered.
  const [asked, setAsked] = useState(false)
  const data = asked ? viewState : initialClubViewState

  useEffect(() => {
    if (!loggedIn || !enabled) return undefined
    void dispatch(loadClubView(view))
    setAsked(true)
    // Fresh each time the view opens: what it showed goes with it.
    return () => {
      dispatch(clubViewLeft(view))
    }
  }, [dispatch, view, loggedIn, enabled])

  if (!enabled) return <EmptyState title={t('club.closedTitle')} message={t('club.closedMessage')} />
  if (!loggedIn) return <EmptyState title={t('club.title')} message={t('club.signIn')} />

  return (
    <section className="vc-wall vc-club" aria-labelledby="club-title">
      {/* The silver-host list alone is a popup (closed by its sheet); the club is a pushed screen. */}
      <PageHeading id="club-title" className="vc-wall__title" back={listOnly ? undefined : '/personalhome'}>
        {t(listOnly ? 'club.silverAnchors' : 'club.title')}
      </PageHeading>
      {listOnly ? null : (
        <dl className="vc-profile__facts">
          <dt>{t('club.silverBalance')}</dt>
          <dd data-testid="silver-balance">{account.silverBalance ?? '–'}</dd>
          <dt>{t('club.silverSpent')}</dt>
          <dd data-testid="silver-spent">{account.silverSpent ?? '–'}</dd>
          {data.status === 'ready' && times ? (
            <>
              <dt>{t('club.callTimes')}</dt>
              <dd>{t('club.callTimesValue', { available: times.availableTimes, total: times.totalTimes, seconds: times.silverCallDuration })}</dd>
            </>
          ) : null}
        </dl>
      )}
      {/* How silver is earned: the server's rule, credited by it when a paid call with a club host ends. */}
      {listOnly || earnPerMinute <= 0 ? null : <p className="vc-club__earn">{tc('silver.earnHint', { amount: earnPerMinute })}</p>}
      {data.status === 'idle' || data.status === 'loading' ? (
        <div aria-busy="true">
          <span className="vc-visually-hidden" role="status">
            {t('club.loading')}
          </span>
          <Skeleton blockSize="240px" />
        </div>
      ) : data.status === 'failed' ? (
        <EmptyState title={t('club.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={() => void dispatch(loadClubView(view))}>{t('retry')}</Button>} />
      ) : !data.open ? (
        <EmptyState title={t('club.closedTitle')} message={t('club.closedMessage')} />
      ) : data.anchors.length === 0 ? (
        <EmptyState title={t('club.emptyTitle')} />
      ) : (
        <>
          <ul className="vc-wall__grid vc-club__grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', listStyle: 'none', padding: 0 }}>
            {data.anchors.map((anchor) => (
              <li key={anchor.jid} className="vc-club__item">
                <AnchorCard anchor={anchor} status={anchor.onlineStatus} now={now} />
                <span className="vc-club__price">{t('club.silverPrice', { count: anchor.silverCallPrice })}</span>
                <SilverCallAction uid={anchor.uid} name={anchor.nickName} times={times} price={anchor.silverCallPrice} silverBalance={account.silverBalance} earnHint={false} />
              </li>
            ))}
          </ul>
          {listOnly ? null : (
            <section aria-labelledby="club-records">
              <h2 id="club-records">{t('club.records')}</h2>
              {data.records.length === 0 ? (
                <p>{t('club.noRecords')}</p>
              ) : (
                <ul className="vc-social__list">
                  {data.records.map((record) => (
                    <li key={record.id} className="vc-social__item">
                      <span className="vc-social__who">{t('club.recordSilver', { count: record.silver })}</span>
                      <time dateTime={new Date(record.createdAt).toISOString()}>{new Date(record.createdAt).toLocaleDateString()}</time>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </>
      )}
    </section>
  )
}
