import type { RelationUser } from '@vchat/api-client'
import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, EmptyState, Skeleton, Tabs } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import { PageHeading } from '../../routes/BackLink'
import { CountryFlag, PresenceBadge } from '../anchor'
import { useMinuteClock } from '../discover'
import { profilePathOf } from '../../routes/paths'
import { changeRelation, fetchSocialList, selectRelationPending, selectSocialList } from './socialSlice'
import type { SocialListKind } from './socialSlice'
import { RecommendedFriends } from './RecommendedFriends'
import '../../layout/discover.css'

export type SocialTab = SocialListKind | 'recommended'
const TABS: readonly SocialTab[] = ['received', 'friends', 'sent', 'match', 'liked_me', 'like', 'favorites', 'recommended']

function RequestButtons({ jid }: { jid: string }) {
  const { t } = useTranslation('discover')
  const dispatch = useAppDispatch()
  const pending = useAppSelector((state) => selectRelationPending(state, jid))
  return (
    <span className="vc-social__buttons">
      <Button disabled={pending} onClick={() => void dispatch(changeRelation({ jid, action: 'accept_friend' }))}>
        {t('social.accept')}
      </Button>
      <Button variant="secondary" disabled={pending} onClick={() => void dispatch(changeRelation({ jid, action: 'reject_friend' }))}>
        {t('social.decline')}
      </Button>
    </span>
  )
}

function RelationRow({ user, kind, now }: { user: RelationUser; kind: SocialListKind; now: Date }) {
  return (
    <li className="vc-social__item" data-jid={user.jid}>
      <Avatar src={withImageQuality(user.avatarUrl)} name={user.nickName} size={48} decorative />
      <AppLink to={profilePathOf(user.jid)} className="vc-social__who">
        <span className="vc-social__name" dir="auto">
          {user.nickName}
        </span>
        <span>
          <CountryFlag country={user.country} /> <PresenceBadge status={user.onlineStatus} now={now} />
        </span>
      </AppLink>
      {kind === 'received' ? <RequestButtons jid={user.jid} /> : null}
    </li>
  )
}

function RelationList({ kind }: { kind: SocialListKind }) {
  const { t } = useTranslation('discover')
  const dispatch = useAppDispatch()
  const list = useAppSelector((state) => selectSocialList(state, kind))
  const now = useMinuteClock()
  useEffect(() => {
    if (list.status === 'idle') void dispatch(fetchSocialList({ kind }))
  }, [dispatch, kind, list.status])

  if (list.status === 'idle' || list.status === 'loading') {
    return (
      <div aria-busy="true">
        <span className="vc-visually-hidden" role="status">
          {t('social.loading')}
        </span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} blockSize="64px" className="vc-social__skeleton" />
        ))}
      </div>
    )
  }
  if (list.status === 'failed') {
    return <EmptyState title={t('social.errorTitle')} message={t('social.errorMessage')} action={<Button onClick={() => void dispatch(fetchSocialList({ kind }))}>{t('retry')}</Button>} />
  }
  if (list.items.length === 0) return <EmptyState title={t(`social.empty.${kind}`)} />
  return (
    <>
      <ul className="vc-social__list">
        {list.items.map((user) => (
          <RelationRow key={user.jid} user={user} kind={kind} now={now} />
        ))}
      </ul>
      {list.hasMore ? (
        <Button variant="secondary" block disabled={list.loadingMore} onClick={() => void dispatch(fetchSocialList({ kind, more: true }))}>
          {t('social.more')}
        </Button>
      ) : null}
    </>
  )
}

/**
 * /friendreq and the social lists: friend requests (accept, decline), friends, sent requests,
 * matches, who liked me, whom I liked, favourites and recommended friends.
 */
export function SocialScreen({ initialTab = 'received' }: { initialTab?: SocialTab }) {
  const { t } = useTranslation('discover')
  const [tab, setTab] = useState<SocialTab>(initialTab)
  return (
    <section className="vc-social" aria-labelledby="social-title">
      <PageHeading id="social-title" className="vc-social__title" back="/personalhome">
        {t('social.title')}
      </PageHeading>
      <Tabs label={t('social.listsLabel')} items={TABS.map((key) => ({ key, label: t(`social.tab.${key}`) }))} value={tab} onChange={setTab} controls="social-panel" />
      <div id="social-panel" role="tabpanel" aria-label={t(`social.tab.${tab}`)}>
        {tab === 'recommended' ? <RecommendedFriends /> : <RelationList key={tab} kind={tab} />}
      </div>
    </section>
  )
}
