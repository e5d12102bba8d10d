import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, EmptyState, Sheet, Skeleton } from '@vchat/ui'
import { useEffect, useRef } from 'react'
import type { PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { useAppNavigate } from '../../routes/navigation'
import { AnchorFacts, PresenceBadge } from '../anchor'
import { useMinuteClock, usePresencePolling, selectAnchors, selectPresenceMap } from '../discover'
import { selectDisplayName, selectUser } from '../auth'
import { usePerson } from '../users'
import { HOST_WALL_PATH, chatPath, profilePathOf, videoCallPath } from '../../routes/paths'
import { abVariantFor } from './abVariant'
import { loadDeck, matchPopupClosed, selectMatch, swipe } from './matchSlice'
import '../../layout/discover.css'

/** Horizontal drag (px) that counts as a swipe. */
export const SWIPE_THRESHOLD_PX = 80

/**
 * /match: the swipe deck or the card switcher by the user's A/B variant (SPEC §2). Like, skip (also
 * by dragging the card right or left), open the profile, call; a mutual like opens the match pop-up.
 */
export function MatchScreen() {
  const { t } = useTranslation('discover')
  const { t: tApp } = useTranslation('app')
  const { brand } = useServices()
  const displayName = useAppSelector(selectDisplayName)
  const dispatch = useAppDispatch()
  const navigate = useAppNavigate()
  const user = useAppSelector(selectUser)
  // Greeted by the name the user chose (followed as they rename themselves), never by a number; the
  // balance and the way out live in the header's account entry, not on this screen.
  const me = usePerson(user?.jid ?? '', displayName)
  const match = useAppSelector(selectMatch)
  const anchors = useAppSelector(selectAnchors)
  const presence = useAppSelector(selectPresenceMap)
  const now = useMinuteClock()
  const dragStart = useRef<number | null>(null)
  const top = match.deck[0]
  const anchor = top ? anchors[top] : undefined
  usePresencePolling(top ? [top] : [])

  useEffect(() => {
    if (user && match.status === 'idle') void dispatch(loadDeck())
  }, [dispatch, match.status, user])

  if (!user) return null
  const variant = abVariantFor(user.uid, brand.ab)
  const matched = match.matched ? anchors[match.matched] : undefined

  const act = (action: 'like' | 'pass') => {
    if (anchor) void dispatch(swipe({ jid: anchor.jid, action }))
  }
  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (dragStart.current === null) return
    const dx = event.clientX - dragStart.current
    dragStart.current = null
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) act(dx > 0 ? 'like' : 'pass')
  }

  let body
  if (match.status === 'idle' || match.status === 'loading') {
    body = (
      <div className="vc-matchdeck__card" aria-busy="true">
        <span className="vc-visually-hidden" role="status">
          {t('match.loading')}
        </span>
        <Skeleton blockSize="100%" />
      </div>
    )
  } else if (match.status === 'failed') {
    body = <EmptyState title={t('match.errorTitle')} message={t('match.errorMessage')} action={<Button onClick={() => void dispatch(loadDeck())}>{t('retry')}</Button>} />
  } else if (!anchor) {
    body = (
      <EmptyState
        title={t('match.emptyTitle')}
        message={t('match.emptyMessage')}
        action={<Button onClick={() => navigate(HOST_WALL_PATH)}>{t('match.browseWall')}</Button>}
      />
    )
  } else {
    body = (
      <>
        <div
          className="vc-matchdeck__card"
          data-jid={anchor.jid}
          onPointerDown={variant === 'swipe' ? onPointerDown : undefined}
          onPointerUp={variant === 'swipe' ? onPointerUp : undefined}
          onPointerCancel={() => {
            dragStart.current = null
          }}
        >
          <img className="vc-matchdeck__image" src={withImageQuality(anchor.avatarUrl)} alt="" draggable={false} />
          <div className="vc-anchor-card__info">
            <PresenceBadge status={presence[anchor.jid] ?? anchor.onlineStatus} now={now} />
            <h2 className="vc-anchor-card__name" dir="auto">
              {anchor.nickName}
            </h2>
            <AnchorFacts anchor={anchor} now={now} />
          </div>
        </div>
        <div className="vc-matchdeck__actions">
          <Button variant="secondary" className="vc-matchdeck__round" disabled={match.swiping !== null} onClick={() => act('pass')}>
            {t(variant === 'swipe' ? 'match.skip' : 'match.next')}
          </Button>
          <Button variant="secondary" onClick={() => navigate(profilePathOf(anchor.jid))}>
            {t('match.profile')}
          </Button>
          <Button variant="secondary" onClick={() => navigate(videoCallPath(anchor.uid, 'match'))}>
            {t('actions.call')}
          </Button>
          <Button className="vc-matchdeck__round" disabled={match.swiping !== null} onClick={() => act('like')}>
            {t('actions.like')}
          </Button>
        </div>
        {match.swipeError ? <p role="alert">{t('match.swipeError')}</p> : null}
      </>
    )
  }

  return (
    <section className={`vc-matchdeck vc-matchdeck--${variant}`} aria-labelledby="match-title" data-variant={variant}>
      <header className="vc-match">
        <h1 id="match-title" className="vc-match__title">
          {t(variant === 'swipe' ? 'match.swipeTitle' : 'match.switchTitle')}
        </h1>
        {me.known || displayName ? <p className="vc-match__greeting">{tApp('match.greeting', { name: me.name })}</p> : null}
      </header>
      {body}
      {matched ? (
        <Sheet open title={t('match.popupTitle')} closeLabel={t('close')} onClose={() => dispatch(matchPopupClosed())} size="sm">
          <div className="vc-match-popup">
            <div className="vc-match-popup__pair">
              <Avatar src={withImageQuality(me.avatarUrl)} name={me.name} size={72} decorative />
              <Avatar src={withImageQuality(matched.avatarUrl)} name={matched.nickName} size={72} decorative />
            </div>
            <p>{t('match.popupMessage', { name: matched.nickName })}</p>
            <Button
              data-autofocus
              onClick={() => {
                dispatch(matchPopupClosed())
                navigate(chatPath(matched.jid))
              }}
            >
              {t('actions.chat')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                dispatch(matchPopupClosed())
                navigate(videoCallPath(matched.uid, 'match'))
              }}
            >
              {t('actions.call')}
            </Button>
            <Button variant="secondary" onClick={() => dispatch(matchPopupClosed())}>
              {t('match.keepSwiping')}
            </Button>
          </div>
        </Sheet>
      ) : null}
    </section>
  )
}
