import { Button, TextField } from '@vchat/ui'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { HOME_AFTER_LOGIN_PATH, LOGIN_ERROR_UNKNOWN } from '../../constants'
import { GOOGLE_LOGIN_CHANNEL } from '../../services/googleAuth'
import { findRoute } from '../../routes/routeTable'
import { AppLink, pathOf, readLocationState, useIsBackground, useRouteTable } from '../../routes/navigation'
import { loginWithExternal, loginWithPassword, selectLoginFailure, selectLoginStatus, selectSessionNotice } from './authSlice'
import type { LoginFailure } from './authSlice'

export interface LoginFormErrors {
  uid?: 'uidRequired' | 'uidDigits'
  passwd?: 'passwordRequired'
}

/** uid: digits only; password: required. */
export function validateLoginForm(uid: string, passwd: string): LoginFormErrors {
  const errors: LoginFormErrors = {}
  const trimmed = uid.trim()
  if (trimmed === '') errors.uid = 'uidRequired'
  else if (!/^\d+$/.test(trimmed)) errors.uid = 'uidDigits'
  if (passwd === '') errors.passwd = 'passwordRequired'
  return errors
}

/** A wait under a minute and a half in seconds, a longer one in whole minutes (rounded up). */
function throttledText(t: TFunction, seconds: number | undefined): string {
  const wait = Math.max(1, seconds ?? 60)
  return wait < 90 ? t('login.errors.throttledSeconds', { count: wait }) : t('login.errors.throttledMinutes', { count: Math.ceil(wait / 60) })
}

function failureText(t: TFunction, failure: LoginFailure): string {
  return failure.kind === 'throttled' ? throttledText(t, failure.retryAfterSeconds) : t(failureKey(failure))
}

function failureKey(failure: LoginFailure): string {
  switch (failure.kind) {
    case 'invalid_credentials':
      return 'login.errors.wrongCredentials'
    case 'network':
      return 'login.errors.network'
    case 'invalid_token':
      return 'login.errors.invalidToken'
    default:
      return 'login.errors.unknown'
  }
}

/** After login: the route the guard kept, else /match; popups keep the background they had. */
function useContinueAfterLogin(): () => void {
  const location = useLocation()
  const navigate = useNavigate()
  const routes = useRouteTable()
  return () => {
    const { from, backgroundLocation } = readLocationState(location.state)
    const target = from ? pathOf(from) : HOME_AFTER_LOGIN_PATH
    const route = findRoute(routes, from?.pathname ?? HOME_AFTER_LOGIN_PATH)
    navigate(target, { replace: true, state: route?.popup ? { backgroundLocation } : undefined })
  }
}

export function PasswordLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('app')
  const dispatch = useAppDispatch()
  const location = useLocation()
  const status = useAppSelector(selectLoginStatus)
  const failure = useAppSelector(selectLoginFailure)
  const [uid, setUid] = useState('')
  const [passwd, setPasswd] = useState('')
  const [errors, setErrors] = useState<LoginFormErrors>({})
  const busy = status === 'loading'
  const failureId = useId()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const found = validateLoginForm(uid, passwd)
    setErrors(found)
    if (found.uid || found.passwd) return
    const result = await dispatch(loginWithPassword({ uid: uid.trim(), passwd, pathname: location.pathname }))
    if (loginWithPassword.fulfilled.match(result)) onSuccess()
  }

  return (
    <form className="vc-login__form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-describedby={failure ? failureId : undefined}>
      <TextField
        label={t('login.uidLabel')}
        name="uid"
        inputMode="numeric"
        autoComplete="username"
        value={uid}
        onChange={(event) => setUid(event.target.value)}
        error={errors.uid ? t(`login.errors.${errors.uid}`) : undefined}
        data-autofocus
      />
      <TextField
        label={t('login.passwordLabel')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={passwd}
        onChange={(event) => setPasswd(event.target.value)}
        error={errors.passwd ? t(`login.errors.${errors.passwd}`) : undefined}
      />
      {failure && !busy ? (
        <p id={failureId} role="alert" className="vc-login__failure">
          {failureText(t, failure)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block busy={busy}>
        {t('login.submit')}
      </Button>
    </form>
  )
}

/**
 * Google sign-in (Identity Services popup, code flow) and One Tap when the brand configures a client id;
 * otherwise, on local builds, the development sign-in (`dev:<uid>`) that the local server accepts in
 * Google's place; otherwise a disabled button that says why.
 */
function GoogleSignIn({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('app')
  const { auth, analytics } = useServices()
  const dispatch = useAppDispatch()
  const location = useLocation()
  const status = useAppSelector(selectLoginStatus)
  const hintId = useId()
  const [googleFailed, setGoogleFailed] = useState(false)
  const google = auth.google
  const busy = status === 'loading'
  const pathname = location.pathname
  const finish = useRef(onSuccess)
  finish.current = onSuccess

  useEffect(() => {
    if (!google.available) return
    let active = true
    void google.prompt().then(async (request) => {
      if (!active || !request) return
      const result = await dispatch(loginWithExternal({ request, method: 'google_one_tap', pathname }))
      if (active && loginWithExternal.fulfilled.match(result)) finish.current()
    })
    return () => {
      active = false
      google.cancelPrompt()
    }
  }, [google, dispatch, pathname])

  async function handleGoogle() {
    if (busy) return
    setGoogleFailed(false)
    let request
    try {
      request = await google.signIn()
    } catch (error) {
      const reason = error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string' ? error.reason : ''
      analytics.track('login_fail', { reason: reason || LOGIN_ERROR_UNKNOWN, method: 'google' })
      setGoogleFailed(true)
      return
    }
    const result = await dispatch(loginWithExternal({ request, method: 'google', pathname }))
    if (loginWithExternal.fulfilled.match(result)) onSuccess()
  }

  if (!google.available && auth.devSignIn) return <DevelopmentSignIn onSuccess={onSuccess} />
  return (
    <div className="vc-login__google">
      <Button variant="secondary" block disabled={!google.available} busy={busy} aria-describedby={google.available ? undefined : hintId} onClick={() => void handleGoogle()}>
        {t('login.google')}
      </Button>
      {google.available ? null : (
        <p id={hintId} className="vc-login__hint">
          {t('login.googleUnavailable')}
        </p>
      )}
      {googleFailed ? (
        <p role="alert" className="vc-login__failure">
          {t('login.errors.googleFailed')}
        </p>
      ) : null}
    </div>
  )
}

/** Local builds only: signs in through /api/login_service/login with `dev:<uid>`, as Google would with its token. */
function DevelopmentSignIn({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('app')
  const dispatch = useAppDispatch()
  const location = useLocation()
  const status = useAppSelector(selectLoginStatus)
  const [uid, setUid] = useState('')
  const [error, setError] = useState<LoginFormErrors['uid']>()
  const hintId = useId()
  const busy = status === 'loading'

  // A group with its own button (not a second form submit), so the password form keeps the only submit.
  async function handleSubmit() {
    if (busy) return
    const found = validateLoginForm(uid, 'x').uid
    setError(found)
    if (found) return
    const request = { openId: '', token: `dev:${uid.trim()}`, channel: GOOGLE_LOGIN_CHANNEL, credential: '' }
    const result = await dispatch(loginWithExternal({ request, method: 'dev', pathname: location.pathname }))
    if (loginWithExternal.fulfilled.match(result)) onSuccess()
  }

  return (
    <div role="group" className="vc-login__google" aria-labelledby={`${hintId}-title`} aria-describedby={hintId}>
      <p id={`${hintId}-title`} className="vc-login__welcome">
        {t('login.devSignIn.title')}
      </p>
      <p id={hintId} className="vc-login__hint">
        {t('login.devSignIn.hint')}
      </p>
      <TextField
        label={t('login.uidLabel')}
        name="devUid"
        inputMode="numeric"
        value={uid}
        onChange={(event) => setUid(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void handleSubmit()
        }}
        error={error ? t(`login.errors.${error}`) : undefined}
      />
      <Button type="button" variant="secondary" block busy={busy} onClick={() => void handleSubmit()}>
        {t('login.devSignIn.submit')}
      </Button>
    </div>
  )
}

export interface LoginScreenProps {
  /** `choices`: the brand's sign-in methods (/login); `password`: uid + password only (/userpassword). */
  mode: 'choices' | 'password'
}

/** The login popup, over the brand's background image. */
export function LoginScreen({ mode }: LoginScreenProps) {
  const { t } = useTranslation('app')
  const { brand } = useServices()
  const inBackground = useIsBackground()
  const continueAfterLogin = useContinueAfterLogin()
  const sessionNotice = useAppSelector(selectSessionNotice)
  if (inBackground) return null
  return (
    <div className="vc-login">
      <div className="vc-login__banner" style={{ backgroundImage: `url("${brand.images.loginBackground}")` }}>
        <img src={brand.logos.mark} alt="" className="vc-login__mark" width={56} height={56} />
        <p className="vc-login__welcome">{t('login.welcome', { brand: brand.displayName })}</p>
      </div>
      <div className="vc-login__body">
        {sessionNotice === 'expired' ? (
          <p role="status" className="vc-login__notice">
            {t('login.sessionExpired')}
          </p>
        ) : null}
        {mode === 'choices' ? (
          <>
            <GoogleSignIn onSuccess={continueAfterLogin} />
            <p className="vc-login__divider">
              <span>{t('login.or')}</span>
            </p>
          </>
        ) : null}
        <PasswordLoginForm onSuccess={continueAfterLogin} />
        {mode === 'password' ? (
          <AppLink to="/login" className="vc-login__switch">
            {t('login.otherMethods')}
          </AppLink>
        ) : null}
      </div>
    </div>
  )
}
