import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, EmptyState, GemIcon, GenderIcon, Skeleton } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { BackLink } from '../../routes/BackLink'
import { useAppNavigate } from '../../routes/navigation'
import { HOST_WALL_PATH, chatPath, videoCallPath } from '../../routes/paths'
import { loadAnchor, selectAnchor, selectAnchorMissing, selectLookup, selectOnlineNotice, selectPresence, setOnlineNotice, useMinuteClock, usePresencePolling } from '../discover'
import { changeRelation, loadRelation, selectRelation, selectRelationPending, selectSocialError, setFavorite } from '../social'
import { ageFromBirthday } from './age'
import { CountryFlag, languageName, PresenceBadge } from './AnchorBadges'
import { StoryLine } from './StoryLine'
import { useSilverOffer } from './useSilverOffer'
import { SilverCallAction } from '../call'
import { selectAccount } from '../account'
import '../../layout/discover.css'

/** The jid a profile link names: `?jid=anchor_…@domain`, or `?uid=200001` on the given domain. */
export function profileJid(params: URLSearchParams, domain: string): string | null {
  const jid = params.get('jid')
  if (jid && /^anchor_\d+@[\w.-]+$/.test(jid)) return jid
  const uid = params.get('uid')
  if (uid && /^\d+$/.test(uid)) return `anchor_${uid}@${domain}`
  return null
}

/**
 * /anchorprofile (the host details page): photos and videos, about, flag, language, gender, age,
 * price per minute, live presence, and chat / call / silver call (club hosts) / like / favourite / add
 * friend, the online notice and the story-line show.
 */
export function AnchorProfileScreen() {
  const { t, i18n } = useTranslation('discover')
  const domain = useServices().endpoints.xmppDomain
  const dispatch = useAppDispatch()
  const navigate = useAppNavigate()
  const [params] = useSearchParams()
  const jid = profileJid(params, domain)
  const anchor = useAppSelector((state) => (jid ? selectAnchor(state, jid) : undefined))
  const lookup = useAppSelector((state) => (jid ? selectLookup(state, jid) : 'failed'))
  const missing = useAppSelector((state) => (jid ? selectAnchorMissing(state, jid) : false))
  const status = useAppSelector((state) => (jid ? selectPresence(state, jid) : 'offline'))
  const relation = useAppSelector((state) => (jid ? selectRelation(state, jid) : undefined))
  const pending = useAppSelector((state) => (jid ? selectRelationPending(state, jid) : false))
  const notice = useAppSelector((state) => (jid ? selectOnlineNotice(state, jid) : false))
  const actionError = useAppSelector(selectSocialError)
  const now = useMinuteClock()
  const silverOffer = useSilverOffer(anchor)
  const silverBalance = useAppSelector(selectAccount).silverBalance
  usePresencePolling(jid && anchor ? [jid] : [])

  useEffect(() => {
    if (!jid) return
    void dispatch(loadAnchor(jid))
    void dispatch(loadRelation(jid))
  }, [dispatch, jid])

  // Back to where the user came from (else the wall), on every state of the page.
  const back = <BackLink parent={HOST_WALL_PATH} className="vc-profile__back" />
  if (!jid || missing) {
    return (
      <section className="vc-profile">
        {back}
        <EmptyState title={t('profile.notFound')} action={<Button onClick={() => navigate(HOST_WALL_PATH)}>{t('profile.browse')}</Button>} />
      </section>
    )
  }
  if (lookup === 'failed' && !anchor) {
    return (
      <section className="vc-profile">
        {back}
        <EmptyState title={t('profile.errorTitle')} message={t('profile.errorMessage')} action={<Button onClick={() => void dispatch(loadAnchor(jid))}>{t('retry')}</Button>} />
      </section>
    )
  }
  if (!anchor) {
    return (
      <section className="vc-profile" aria-busy="true" aria-label={t('profile.loading')}>
        {back}
        <span className="vc-visually-hidden" role="status">
          {t('profile.loading')}
        </span>
        <Skeleton blockSize="320px" />
        <div className="vc-profile__head">
          <Skeleton shape="circle" inlineSize="64px" blockSize="64px" />
          <Skeleton shape="text" inlineSize="12rem" />
        </div>
        <Skeleton shape="text" inlineSize="100%" />
      </section>
    )
  }

  const age = ageFromBirthday(anchor.birthday, now)
  const liked = relation?.liked ?? false
  const favorite = relation?.favorite ?? false
  const friendStatus = relation?.friendStatus ?? 'none'
  const call = () => navigate(videoCallPath(anchor.uid))

  return (
    <article className="vc-profile" aria-labelledby="profile-name">
      {back}
      <ul className="vc-profile__photos" aria-label={t('profile.photos')} tabIndex={0}>
        {anchor.photos.map((photo, index) => (
          <li key={photo}>
            <img src={withImageQuality(photo)} alt={t('profile.photoAlt', { name: anchor.nickName, number: index + 1 })} loading={index === 0 ? 'eager' : 'lazy'} />
          </li>
        ))}
        {anchor.videos.map((video) => (
          <li key={video.url}>
            <video src={video.url} poster={withImageQuality(video.coverUrl)} controls preload="none" aria-label={t('profile.video', { name: anchor.nickName })} />
          </li>
        ))}
      </ul>
      <div className="vc-profile__head">
        <Avatar src={withImageQuality(anchor.avatarUrl)} name={anchor.nickName} size={64} decorative />
        <div>
          <h1 id="profile-name" className="vc-profile__name" dir="auto">
            {anchor.nickName}
          </h1>
          <PresenceBadge status={status} now={now} />
        </div>
      </div>
      <div className="vc-profile__actions">
        <Button onClick={call} disabled={status === 'busy'}>
          {t('actions.call')}
        </Button>
        {silverOffer ? <SilverCallAction uid={anchor.uid} name={anchor.nickName} times={silverOffer.times} price={silverOffer.price} silverBalance={silverBalance} /> : null}
        <Button variant="secondary" onClick={() => navigate(chatPath(anchor.jid))}>
          {t('actions.chat')}
        </Button>
        <Button variant="secondary" aria-pressed={liked} disabled={pending} onClick={() => void dispatch(changeRelation({ jid: anchor.jid, action: liked ? 'unlike' : 'like' }))}>
          {t(liked ? 'actions.liked' : 'actions.like')}
        </Button>
        <Button variant="secondary" aria-pressed={favorite} disabled={pending} onClick={() => void dispatch(setFavorite({ jid: anchor.jid, favorite: !favorite }))}>
          {t(favorite ? 'actions.favorited' : 'actions.favorite')}
        </Button>
        <Button
          variant="secondary"
          disabled={pending || friendStatus === 'friends' || friendStatus === 'sent'}
          onClick={() => void dispatch(changeRelation({ jid: anchor.jid, action: friendStatus === 'received' ? 'accept_friend' : 'add_friend' }))}
        >
          {t(`friendStatus.${friendStatus}`)}
        </Button>
        {status !== 'online' ? (
          <Button variant="secondary" aria-pressed={notice} onClick={() => void dispatch(setOnlineNotice({ jid: anchor.jid, enable: !notice }))}>
            {t(notice ? 'actions.noticeOn' : 'actions.notice')}
          </Button>
        ) : null}
      </div>
      {actionError ? (
        <p role="alert" className="vc-profile__error">
          {t(actionError === 'favorite_limit' ? 'profile.favoriteLimit' : 'profile.actionError')}
        </p>
      ) : null}
      <dl className="vc-profile__facts">
        <dt>{t('profile.price')}</dt>
        <dd>
          <GemIcon size={16} /> {t('profile.pricePerMinute', { count: anchor.privateChatPrice })}
        </dd>
        <dt>{t('profile.country')}</dt>
        <dd>
          <CountryFlag country={anchor.country} size={18} />
        </dd>
        <dt>{t('profile.language')}</dt>
        <dd>{languageName(i18n.language, anchor.language)}</dd>
        <dt>{t('profile.gender')}</dt>
        <dd>
          <GenderIcon gender={anchor.gender} label={t(`gender.${anchor.gender}`)} /> {t(`gender.${anchor.gender}`)}
        </dd>
        {age === -1 ? null : (
          <>
            <dt>{t('profile.ageLabel')}</dt>
            <dd>{t('age', { count: age })}</dd>
          </>
        )}
      </dl>
      {anchor.about ? (
        <section aria-labelledby="profile-about">
          <h2 id="profile-about">{t('profile.about')}</h2>
          <p className="vc-profile__about" dir="auto">
            {anchor.about}
          </p>
        </section>
      ) : null}
      <StoryLine jid={anchor.jid} onCall={call} />
    </article>
  )
}
