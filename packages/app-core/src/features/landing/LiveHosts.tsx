import { Button, Skeleton } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import { AnchorCard } from '../discover'
import { loadLiveHosts, selectLiveHosts } from './liveHostsSlice'
import { HOST_WALL_PATH } from '../../routes/paths'

/** Placeholders while the wall loads: two rows on a phone, the first row on a desktop. */
const SKELETONS = 6

/**
 * "Live now" on a visitor's landing page: the faces of the public wall (online first), each a way in.
 * A card leads to the host's profile; for a visitor that opens the login sheet first and continues to
 * her profile once signed in, so sign-up is asked at the moment of intent, not before.
 */
export function LiveHosts() {
  const { t, i18n } = useTranslation('app')
  const dispatch = useAppDispatch()
  const { status, list } = useAppSelector(selectLiveHosts)
  const language = i18n.language
  // An offline host shows the virtual status of the visitor's local time (SPEC §1), read once per visit.
  const [now] = useState(() => new Date())

  useEffect(() => {
    void dispatch(loadLiveHosts(language))
  }, [dispatch, language])

  return (
    <section className="vc-landing__live" aria-labelledby="landing-live" aria-busy={status === 'loading' || status === 'idle'}>
      <div className="vc-landing__live-head">
        <h2 id="landing-live" className="vc-landing__live-title">
          <span className="vc-landing__live-dot" aria-hidden="true" />
          {t('landing.live.title')}
        </h2>
        <AppLink to={HOST_WALL_PATH} className="vc-landing__live-all">
          {t('landing.live.all')}
        </AppLink>
      </div>
      <p className="vc-landing__live-lead">{t('landing.live.lead')}</p>
      {status === 'failed' ? (
        <div className="vc-landing__live-note" role="alert">
          <p>{t('landing.live.error')}</p>
          <Button variant="secondary" onClick={() => void dispatch(loadLiveHosts(language))}>
            {t('landing.live.retry')}
          </Button>
        </div>
      ) : status === 'ready' && list.length === 0 ? (
        <p className="vc-landing__live-note">{t('landing.live.empty')}</p>
      ) : status === 'ready' ? (
        <ul className="vc-landing__live-grid" lang={language}>
          {list.map((host) => (
            <li key={host.jid}>
              <AnchorCard anchor={host} status={host.onlineStatus} now={now} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="vc-landing__live-grid">
          <span className="vc-visually-hidden" role="status">
            {t('landing.live.loading')}
          </span>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <Skeleton key={index} className="vc-landing__live-skeleton" />
          ))}
        </div>
      )}
    </section>
  )
}
