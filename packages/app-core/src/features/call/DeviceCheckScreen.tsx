import { Button, Spinner } from '@vchat/ui'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PageHeading } from '../../routes/BackLink'
import { AppLink } from '../../routes/navigation'
import { HOST_WALL_PATH } from '../../routes/paths'
import { selectIsLoggedIn } from '../auth'
import { combinedPermission, createDeviceCheckSession, INITIAL_DEVICE_CHECK } from './deviceCheck'
import type { DeviceCheckSession, DeviceCheckState, DeviceKind, DeviceOption } from './deviceCheck'
import './deviceCheck.css'

const noSubscription = () => () => {}
const initialState = () => INITIAL_DEVICE_CHECK

/** The self view: the camera's stream, mirrored as a mirror shows a face (CSS), never heard. */
function Preview({ stream, label }: { stream: MediaStream | null; label: string }) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video) return undefined
    video.srcObject = stream
    return () => {
      video.srcObject = null
    }
  }, [stream])
  return <video ref={ref} className="vc-device-check__video" aria-label={label} autoPlay playsInline muted />
}

/** The microphone's level as a meter (0–100). */
function LevelMeter({ level, labelledBy }: { level: number; labelledBy: string }) {
  const percent = Math.round(level * 100)
  return (
    <div className="vc-device-check__meter" role="meter" aria-labelledby={labelledBy} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span className="vc-device-check__meter-bar" style={{ inlineSize: `${percent}%` }} />
    </div>
  )
}

function DevicePicker({ kind, options, value, state, session }: { kind: DeviceKind; options: readonly DeviceOption[]; value: string | null; state: DeviceCheckState; session: DeviceCheckSession }) {
  const { t } = useTranslation('call')
  const id = `device-check-${kind}`
  // A device the list does not name (yet): the select shows the first one, as the browser uses it.
  const selected = options.some((option) => option.id === value) ? (value ?? '') : (options[0]?.id ?? '')
  return (
    <div className="vc-field">
      <label className="vc-field__label" htmlFor={id}>
        {t(`check.${kind}`)}
      </label>
      <select
        id={id}
        className="vc-field__input"
        value={selected}
        disabled={state.switching !== null}
        aria-busy={state.switching === kind || undefined}
        onChange={(event) => void session.switchDevice(kind, event.target.value)}
      >
        {options.map((option, index) => (
          <option key={option.id} value={option.id}>
            {option.label || t(kind === 'camera' ? 'check.unnamedCamera' : 'check.unnamedMicrophone', { number: index + 1 })}
          </option>
        ))}
      </select>
    </div>
  )
}

/** What the status line says in each phase. */
function statusKey(state: DeviceCheckState): string {
  switch (state.phase) {
    case 'idle':
      return combinedPermission(state.permissions) === 'granted' ? 'check.allowed' : 'check.willAsk'
    case 'asking':
    case 'paused':
      return 'check.asking'
    case 'granted':
      return 'check.ready'
    case 'denied':
      return 'check.denied.title'
    case 'noDevice':
      return 'check.noDevice.title'
    case 'busy':
      return 'check.busy.title'
  }
}

/**
 * /test (SPEC §2): the camera and microphone check before a call. It asks for both as a call does
 * (SPEC §6), then shows the mirrored self view, the microphone's level and pickers for both; or why it
 * cannot (blocked, no device, in use by another app) and what to do. The devices are released when the
 * screen goes or the tab is hidden (`createDeviceCheckSession`). Signed in, it leads on to the hosts.
 */
export function DeviceCheckScreen() {
  const { t, ready } = useTranslation('call')
  const { t: tCommon } = useTranslation('common')
  const services = useServices()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const [session, setSession] = useState<DeviceCheckSession | null>(null)
  const [loadError, setLoadError] = useState<{ error: unknown } | null>(null)
  useEffect(() => {
    let created: DeviceCheckSession | null = null
    let gone = false
    services.media.devices().then(
      (media) => {
        if (gone) return
        created = createDeviceCheckSession({ media, clock: services.clock })
        setSession(created)
      },
      (error: unknown) => {
        if (!gone) setLoadError({ error })
      },
    )
    // A hidden tab releases the camera and microphone (no light left on behind another tab); shown
    // again, a check that was running opens them again.
    const onVisibility = () => created?.setVisible(document.visibilityState !== 'hidden')
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      gone = true
      document.removeEventListener('visibilitychange', onVisibility)
      created?.dispose()
    }
  }, [services])
  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? initialState)
  // The media code could not be downloaded: the route's error screen, as for a screen whose own code failed to load.
  if (loadError) throw loadError.error

  if (!ready || !session) {
    return (
      <main className="vc-device-check" id="main">
        <div className="vc-app-loading">
          <Spinner label={tCommon('loading')} />
        </div>
      </main>
    )
  }

  const problem = state.phase === 'denied' || state.phase === 'noDevice' || state.phase === 'busy'
  const waiting = state.phase === 'asking' || state.phase === 'paused'
  const start = () => void session.start()
  return (
    <main className="vc-device-check" id="main" aria-labelledby="device-check-title">
      <div className="vc-device-check__inner">
        <PageHeading id="device-check-title" className="vc-device-check__title" back="/">
          {t('check.title')}
        </PageHeading>
        <p className="vc-device-check__intro">{t('check.intro')}</p>
        <section className="vc-device-check__card" aria-labelledby="device-check-status">
          {/* One live region for every phase, so each change is announced. */}
          <p id="device-check-status" className={problem ? 'vc-device-check__status vc-device-check__status--problem' : 'vc-device-check__status'} role="status">
            {waiting ? <span className="vc-spinner__circle vc-device-check__spinner" aria-hidden="true" /> : null}
            {t(statusKey(state))}
          </p>
          {state.phase === 'idle' ? (
            <Button className="vc-device-check__start" block onClick={start}>
              {t('check.start')}
            </Button>
          ) : null}
          {waiting ? <p className="vc-device-check__note">{t('check.askingHint')}</p> : null}
          {state.phase === 'denied' ? (
            <>
              <p className="vc-device-check__note">{t('check.denied.message')}</p>
              <ol className="vc-device-check__steps">
                <li>{t('check.denied.step1')}</li>
                <li>{t('check.denied.step2')}</li>
                <li>{t('check.denied.step3')}</li>
              </ol>
              <p className="vc-device-check__note">{t('check.denied.system')}</p>
            </>
          ) : null}
          {state.phase === 'noDevice' ? <p className="vc-device-check__note">{t('check.noDevice.message')}</p> : null}
          {state.phase === 'busy' ? <p className="vc-device-check__note">{t('check.busy.message')}</p> : null}
          {problem ? (
            <Button className="vc-device-check__retry" block onClick={start}>
              {t('check.retry')}
            </Button>
          ) : null}
          {state.phase === 'granted' ? (
            <>
              <div className="vc-device-check__stage">
                <Preview stream={state.preview} label={t('check.preview')} />
              </div>
              <div className="vc-device-check__level">
                <span id="device-check-level" className="vc-field__label">
                  {t('check.level')}
                </span>
                <LevelMeter level={state.level} labelledBy="device-check-level" />
                <p className="vc-field__hint">{t('check.levelHint')}</p>
              </div>
              {state.cameras.length > 0 ? <DevicePicker kind="camera" options={state.cameras} value={state.cameraId} state={state} session={session} /> : null}
              {state.microphones.length > 0 ? <DevicePicker kind="microphone" options={state.microphones} value={state.microphoneId} state={state} session={session} /> : null}
              {state.switchFailed ? (
                <p className="vc-device-check__error" role="alert">
                  {t(`check.switchFailed.${state.switchFailed}`)}
                </p>
              ) : null}
            </>
          ) : null}
        </section>
        {loggedIn ? (
          <AppLink to={HOST_WALL_PATH} className={`vc-button ${state.phase === 'granted' ? 'vc-button--primary' : 'vc-button--secondary'} vc-device-check__next`}>
            {t('check.findHost')}
          </AppLink>
        ) : null}
      </div>
    </main>
  )
}
