import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router-dom'
import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, EmptyState } from '@vchat/ui'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { CALL_STATUS, failureMessageKey, rateCall, reportCallPeer, selectCall, selectCallBalance, selectCallPrice, talkSeconds } from './callSlice'
import type { FreeCallTerms } from './callSlice'
import { hangUpCall, resetCall, startCall } from './callThunks'
import { useMessagingState } from './useMessagingState'
import { CoinStorePanel } from '../wallet'
import { AppLink, useAppNavigate } from '../../routes/navigation'
import { SilverCallGuide } from './SilverCallGuide'
import { CallConfirm } from './CallConfirm'
import { usePerson } from '../users'
import { anchorJidOf, isAnchorJid, uidOfJid } from '@vchat/contract'
import { HOST_WALL_PATH, chatPath, profilePathOf, videoCallPath } from '../../routes/paths'
import { formatDuration } from './formatDuration'
import { CallEnded } from './CallEnded'
import { CallQuality } from './CallQuality'
import type { CallState } from './callState'
import './call.css'

/** How long an opening call screen waits for messaging to come up (SPEC §9 login time-out). */
const CALL_WAIT_FOR_MESSAGING_MS = 10_000

/** Attaches a media stream of the current call runtime to a video element. */
function useStream(kind: 'local' | 'remote'): MediaStream | null {
  const services = useServices()
  const [stream, setStream] = useState<MediaStream | null>(null)
  useEffect(() => {
    const runtime = services.calls.current()
    if (!runtime) return undefined
    const read = () => setStream(kind === 'local' ? runtime.localStream() : runtime.remoteStream())
    read()
    return runtime.onStreams(read)
  }, [services, kind])
  return stream
}

function Video({ stream, label, muted }: { stream: MediaStream | null; label: string; muted: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream
  }, [stream])
  return <video ref={ref} className="vc-call__video" aria-label={label} autoPlay playsInline muted={muted} />
}

/** The services clock's time, read again every second (the call's timers). */
function useSecondClock(): number {
  const { clock } = useServices()
  const [now, setNow] = useState(() => clock.now())
  useEffect(() => {
    const handle = clock.setInterval(() => setNow(clock.now()), 1000)
    return () => clock.clearInterval(handle)
  }, [clock])
  return now
}

/**
 * The call timer: talk time on the services clock — since remote media arrived, standing still while
 * the media is down and being recovered (the hub bills the same way).
 */
function CallTimer({ call }: { call: Pick<CallState, 'connectedAt' | 'pausedMs' | 'reconnectingSince'> }) {
  const now = useSecondClock()
  return <span className="vc-call__timer" role="timer">{formatDuration(talkSeconds(call, now) ?? 0)}</span>
}

/**
 * While a free call's free time runs: how much is left, and, once it is within the server's
 * rechargeReminderTime of the end and the balance cannot pay the next minute, the offer to add gems
 * so the call goes on (the coin store opens over the call; the call stays up).
 */
function FreeTimeLeft({ connectedAt, terms, price, balance, reminderS, onBuyGems }: { connectedAt: number; terms: FreeCallTerms; price: number; balance: number; reminderS: number; onBuyGems(): void }) {
  const { t } = useTranslation('call')
  const now = useSecondClock()
  const left = Math.max(0, terms.durationS - Math.floor((now - connectedAt) / 1000))
  const topUp = terms.continuePaid && left <= reminderS && balance < price
  return (
    <>
      <p className="vc-call__free" role="timer">
        {t('free.left', { time: formatDuration(left) })}
      </p>
      {topUp ? (
        <p className="vc-call__notice" role="status">
          {t('free.topUp', { count: price })}{' '}
          <Button variant="secondary" onClick={onBuyGems}>
            {t('actions.buyGems')}
          </Button>
        </p>
      ) : null}
    </>
  )
}

export interface CallScreenViewProps {
  /** Start the call to this host when the screen opens (the /video/{uid} and /call/{uid} routes). */
  uid?: string | undefined
  /** 'silver': the silver call guide shows first, and the call starts as a silver call once confirmed. */
  tier?: 'standard' | 'silver' | undefined
  /** The call comes from a match (`?via=match`): a paying user's free call may be offered. */
  fromMatch?: boolean | undefined
}

/** /video/{uid}, /call/{uid} and /videoview: local and remote video, state, timer, balance, controls. */
export function CallScreen({ uid, tier = 'standard', fromMatch = false }: CallScreenViewProps) {
  const { t } = useTranslation('call')
  const dispatch = useAppDispatch()
  const services = useServices()
  const call = useAppSelector(selectCall)
  const balance = useAppSelector(selectCallBalance)
  const price = useAppSelector(selectCallPrice)
  const myJid = useAppSelector((state) => state.auth.user?.jid ?? '')
  const local = useStream('local')
  const remote = useStream('remote')
  const [muted, setMuted] = useState(false)
  const [cameraOff, setCameraOff] = useState(false)
  // Switch camera where available: offered once the call is up and the device has another camera.
  const [canSwitchCamera, setCanSwitchCamera] = useState(false)
  const [switchingCamera, setSwitchingCamera] = useState(false)
  const connected = call.status === CALL_STATUS.Connected
  // Who is on the other side: the call's peer, or the host this screen was opened for.
  const peer = usePerson(call.peer ?? (uid ? anchorJidOf(uid, services.endpoints.xmppDomain) : ''))
  useEffect(() => {
    if (!connected) return
    let live = true
    void services.calls
      .current()
      ?.engine.canSwitchCamera()
      .then((can) => {
        if (live) setCanSwitchCamera(can)
      })
    return () => {
      live = false
    }
  }, [connected, services])
  const [storeOpen, setStoreOpen] = useState(false)
  const started = useRef(false)
  const messaging = useMessagingState()
  const [waitedLong, setWaitedLong] = useState(false)
  const navigate = useAppNavigate()
  // A call to a host starts only once the user confirmed it (a deep link never holds gems by
  // itself): the price and balance, or the free time; a silver call after the silver guide.
  const [confirmed, setConfirmed] = useState<{ free: boolean } | null>(null)
  const awaitingConfirm = uid !== undefined && confirmed === null && !started.current
  // A deep link or a reload opens this screen while messaging still logs in (a failed attempt is
  // retried after 0.5 s and 3 s): the call starts once it is live, or is refused ('xmpp not
  // connected') when it did not come up within the messaging login time-out (SPEC §9: 10 s).
  const messagingSettled = messaging === 'connected' || waitedLong
  useEffect(() => {
    if (!uid || messagingSettled) return undefined
    const handle = services.clock.setInterval(() => setWaitedLong(true), CALL_WAIT_FOR_MESSAGING_MS)
    return () => services.clock.clearInterval(handle)
  }, [services, uid, messagingSettled])

  useEffect(() => {
    if (!uid || started.current || call.status !== CALL_STATUS.Initial || !messagingSettled || confirmed === null) return
    started.current = true
    void dispatch(startCall({ uid, tier, free: confirmed.free }))
  }, [dispatch, uid, tier, call.status, messagingSettled, confirmed])

  if (uid && awaitingConfirm && call.status === CALL_STATUS.Initial) {
    const cancel = () => navigate(profilePathOf(anchorJidOf(uid, services.endpoints.xmppDomain)))
    return (
      <section className="vc-call" aria-label={t('screen.title')}>
        {tier === 'silver' ? (
          <SilverCallGuide onStart={() => setConfirmed({ free: false })} onCancel={cancel} />
        ) : (
          <CallConfirm uid={uid} fromMatch={fromMatch} onStart={(free) => setConfirmed({ free })} onCancel={cancel} />
        )}
      </section>
    )
  }

  // No call to show: a finished call was closed here (/videoview opened without a call goes to the
  // device check instead, VideoViewScreen). A black stage with "Ready to call" and no control was a
  // dead end; this says so and leads to the hosts.
  if (call.status === CALL_STATUS.Initial && call.startError === null && (!uid || started.current)) {
    return (
      <section className="vc-call vc-call--idle" aria-label={t('screen.title')}>
        <EmptyState
          title={t('idle.title')}
          message={t('idle.message')}
          action={
            <AppLink to={HOST_WALL_PATH} className="vc-button vc-button--primary">
              {t('idle.browse')}
            </AppLink>
          }
        />
      </section>
    )
  }

  const active = call.status === CALL_STATUS.Connecting || call.status === CALL_STATUS.Connected || call.status === CALL_STATUS.CallIn
  const reconnecting = connected && call.media === 'reconnecting'
  const ended = call.status === CALL_STATUS.Disconnected || call.status === CALL_STATUS.Failed || call.startError !== null
  const messageKey = failureMessageKey(call)
  const gemsShort = call.failure?.reason === 'Gems insufficient' || call.endedReason === 'gems-insufficient'

  if (ended) {
    // Call again and chat lead to a host; a host's own app (the anchor console's users) offers neither.
    const peerUid = peer.jid && isAnchorJid(peer.jid) && !isAnchorJid(myJid) ? uidOfJid(peer.jid) : null
    const again = () => {
      dispatch(resetCall())
      if (uid !== undefined && uid === peerUid) {
        // The same screen asks again: the confirmation shows the price (and any free call) anew.
        started.current = false
        setConfirmed(null)
      } else if (peerUid) navigate(videoCallPath(peerUid))
    }
    return (
      <section className="vc-call vc-call--ended" aria-label={t('screen.title')}>
        <CallEnded
          statusText={t(`status.${call.startError ? 4 : call.status}`)}
          name={peer.name}
          avatarUrl={peer.avatarUrl}
          durationS={call.endedAt !== null ? talkSeconds(call, call.endedAt) : null}
          summary={call.summary}
          summaryStatus={call.summaryStatus}
          message={messageKey ? t(messageKey, { defaultValue: t('errors.unknown') }) : null}
          onCallAgain={peerUid && !gemsShort ? again : undefined}
          onChat={peerUid ? () => navigate(chatPath(peer.jid)) : undefined}
          onBuyGems={gemsShort ? () => setStoreOpen(true) : undefined}
          onClose={() => void dispatch(resetCall())}
          feedback={
            call.sid && call.connectedAt !== null && peer.jid
              ? {
                  state: call.feedback,
                  onRate: (stars) => void dispatch(rateCall({ sid: call.sid ?? '', stars })),
                  onReport: (reason, detail) => void dispatch(reportCallPeer({ sid: call.sid ?? '', targetJid: peer.jid, reason, detail })),
                }
              : undefined
          }
        />
        <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} payInWindow={false} />
      </section>
    )
  }

  return (
    <section className={reconnecting ? 'vc-call vc-call--reconnecting' : 'vc-call'} aria-label={t('screen.title')}>
      <div className="vc-call__stage">
        <Video stream={remote} label={t('video.remote')} muted={false} />
        {peer.jid ? (
          // Large over the black stage while ringing; a small name tag once her video is on.
          <div className={connected ? 'vc-call__peer vc-call__peer--connected' : 'vc-call__peer'}>
            <Avatar src={withImageQuality(peer.avatarUrl)} name={peer.name} size={connected ? 32 : 96} decorative />
            <p className="vc-call__peer-name" dir="auto">
              {peer.name}
            </p>
          </div>
        ) : null}
        <div className="vc-call__self">
          <Video stream={local} label={t('video.local')} muted />
        </div>
      </div>
      <div className="vc-call__bar">
        <p className="vc-call__status" role="status" aria-live="polite">
          {/* While the media is being recovered the quality indicator says "Reconnecting…": "Connected" beside it would contradict it. */}
          {reconnecting ? '' : t(`status.${call.startError ? 4 : call.status}`)}
        </p>
        {call.status === CALL_STATUS.Connected && call.connectedAt !== null ? <CallTimer call={call} /> : null}
        {connected ? <CallQuality level={call.quality} reconnecting={reconnecting} /> : null}
        {balance !== null ? <p className="vc-call__balance">{t('balance', { count: balance })}</p> : null}
        {price !== null && active && !(call.free && !call.converted) ? (
          <p className="vc-call__price">{call.tier === 'silver' ? t('silver.price', { count: price }) : t('price', { count: price })}</p>
        ) : null}
        {call.tier === 'silver' ? <p className="vc-call__silver">{t('silver.title')}</p> : null}
        {call.tier === 'silver' && call.silver && active ? (
          <>
            {price === null ? <p className="vc-call__price">{t('silver.price', { count: call.silver.price })}</p> : null}
            <p className="vc-call__notice">{t('silver.duration', { count: call.silver.callDuration })}</p>
            <p className="vc-call__notice">{t('silver.timesLeft', { count: call.silver.timesLeft })}</p>
            <p className="vc-call__notice">{t('silver.balance', { count: call.silver.silverBalance })}</p>
          </>
        ) : null}
        {call.free && !call.converted && connected && call.connectedAt !== null ? (
          <FreeTimeLeft
            connectedAt={call.connectedAt}
            terms={call.free}
            price={price ?? 0}
            balance={balance ?? 0}
            reminderS={call.offer?.rechargeReminderS ?? call.free.durationS}
            onBuyGems={() => setStoreOpen(true)}
          />
        ) : null}
        {call.converted && active ? (
          <p className="vc-call__notice" role="status">
            {t('free.converted', { count: price ?? 0 })}
          </p>
        ) : null}
        {/* A paid call whose next minute the balance cannot pay: buying now keeps it going (the hub
            waits for a purchase started during the call). */}
        {connected && call.tier === 'standard' && !(call.free && !call.converted) && price !== null && balance !== null && balance < price ? (
          <p className="vc-call__notice" role="status">
            {t('notice.lowBalance')}{' '}
            <Button variant="secondary" onClick={() => setStoreOpen(true)}>
              {t('actions.buyGems')}
            </Button>
          </p>
        ) : null}
        {call.matchToFlash ? <p className="vc-call__notice">{t('notice.matchToFlash')}</p> : null}
      </div>
      <div className="vc-call__controls">
        {active ? (
          <>
            <Button variant="secondary" aria-pressed={muted} onClick={() => setMuted(services.calls.current()?.engine.setMicrophoneMuted(!muted) ?? !muted)}>
              {muted ? t('actions.unmute') : t('actions.mute')}
            </Button>
            <Button variant="secondary" aria-pressed={cameraOff} onClick={() => setCameraOff(services.calls.current()?.engine.setCameraOff(!cameraOff) ?? !cameraOff)}>
              {cameraOff ? t('actions.cameraOn') : t('actions.cameraOff')}
            </Button>
            {connected && canSwitchCamera ? (
              <Button
                variant="secondary"
                disabled={switchingCamera}
                onClick={() => {
                  const engine = services.calls.current()?.engine
                  if (!engine) return
                  setSwitchingCamera(true)
                  void engine.switchCamera().finally(() => setSwitchingCamera(false))
                }}
              >
                {t('actions.switchCamera')}
              </Button>
            ) : null}
            <Button className="vc-call__hangup" onClick={() => void dispatch(hangUpCall())}>
              {t('actions.hangUp')}
            </Button>
          </>
        ) : null}
      </div>
      {/* During a call the checkout opens in a window of its own: leaving this tab would end the call. */}
      <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} payInWindow={active} />
    </section>
  )
}

/** Route element: reads the host uid from /video/:uid or /call/:uid. */
export function CallRouteScreen() {
  const { uid } = useParams()
  const [search] = useSearchParams()
  return <CallScreen uid={uid} tier={search.get('tier') === 'silver' ? 'silver' : 'standard'} fromMatch={search.get('via') === 'match'} />
}
