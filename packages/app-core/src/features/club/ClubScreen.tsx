import type { ClubAnchorItem, ClubCallTimes, ClubRewardRecord } from '@vchat/api-client'
import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PageHeading } from '../../routes/BackLink'
import { selectAccount } from '../account/accountSlice'
import { selectIsLoggedIn } from '../auth/authSlice'
import { selectConfig } from '../config/configSlice'
import { useMinuteClock } from '../anchor/usePresence'
import { AnchorCard } from '../discover/AnchorCard'
import { anchorsSeen } from '../discover/discoverSlice'
import { SilverCallAction } from '../call/SilverCallAction'
import '../discover/discover.css'
import './club.css'

type Load<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T }

interface ClubData {
  open: boolean
  anchors: ClubAnchorItem[]
  records: ClubRewardRecord[]
  times: ClubCallTimes | null
}

/**
 * /club (silver club, switch enableSilverClub) and /silveranchor (the silver anchor list only): club
 * anchors with their silver price and a silver call action each (calls left today, call length, or why
 * not), the user's silver balance and silver spent, club call times and the club reward records.
 */
export function ClubScreen({ listOnly = false }: { listOnly?: boolean }) {
  const { t } = useTranslation('discover')
  const { api } = useServices()
  const dispatch = useAppDispatch()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const config = useAppSelector(selectConfig)
  const account = useAppSelector(selectAccount)
  const now = useMinuteClock()
  const enabled = config?.veegoInfo.silverInfoConf.enableSilverClub ?? true
  const [data, setData] = useState<Load<ClubData>>({ status: 'loading' })

  const load = useCallback(async () => {
    setData({ status: 'loading' })
    try {
      const [club, records, times] = await Promise.all([
        api.getClubAnchors({ page: 1, size: 50 }),
        listOnly ? Promise.resolve(null) : api.getClubRewardRecords({ page: 1, size: 20 }),
        // The calls left today show on each host's silver call action, in both views.
        api.getClubCallTimes(),
      ])
      dispatch(anchorsSeen(club.clubAnchorItem))
      setData({ status: 'ready', value: { open: club.status === 1, anchors: club.clubAnchorItem, records: records?.list ?? [], times } })
    } catch {
      setData({ status: 'failed' })
    }
  }, [api, dispatch, listOnly])

  useEffect(() => {
    if (loggedIn && enabled) void load()
  }, [load, loggedIn, enabled])

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
          {data.status === 'ready' && data.value.times ? (
            <>
              <dt>{t('club.callTimes')}</dt>
              <dd>{t('club.callTimesValue', { available: data.value.times.availableTimes, total: data.value.times.totalTimes, seconds: data.value.times.silverCallDuration })}</dd>
            </>
          ) : null}
        </dl>
      )}
      {data.status === 'loading' ? (
        <div aria-busy="true">
          <span className="vc-visually-hidden" role="status">
            {t('club.loading')}
          </span>
          <Skeleton blockSize="240px" />
        </div>
      ) : data.status === 'failed' ? (
        <EmptyState title={t('club.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={() => void load()}>{t('retry')}</Button>} />
      ) : !data.value.open ? (
        <EmptyState title={t('club.closedTitle')} message={t('club.closedMessage')} />
      ) : data.value.anchors.length === 0 ? (
        <EmptyState title={t('club.emptyTitle')} />
      ) : (
        <>
          <ul className="vc-wall__grid vc-club__grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', listStyle: 'none', padding: 0 }}>
            {data.value.anchors.map((anchor) => (
              <li key={anchor.jid} className="vc-club__item">
                <AnchorCard anchor={anchor} status={anchor.onlineStatus} now={now} />
                <span className="vc-club__price">{t('club.silverPrice', { count: anchor.silverCallPrice })}</span>
                <SilverCallAction uid={anchor.uid} name={anchor.nickName} times={data.value.times} price={anchor.silverCallPrice} silverBalance={account.silverBalance} />
              </li>
            ))}
          </ul>
          {listOnly ? null : (
            <section aria-labelledby="club-records">
              <h2 id="club-records">{t('club.records')}</h2>
              {data.value.records.length === 0 ? (
                <p>{t('club.noRecords')}</p>
              ) : (
                <ul className="vc-social__list">
                  {data.value.records.map((record) => (
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
