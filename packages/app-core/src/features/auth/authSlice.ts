import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import type { ApiErrorCode, ComponentInfo, LoginResponse } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { DEFAULT_USER_ROLE, LOGIN_ERROR_INVALID_TOKEN, LOGIN_ERROR_UNKNOWN, PAYMENT_ROUTE_PATHS } from '../../constants'
import type { ChatProfile, ExternalLoginRequest, MainUser } from '../../services/types'
import { loadAccount } from '../account'
import { syncAccountSettings } from '../settings'
import { loadConfig } from '../config'
import { loggedOut } from '../../app/authActions'
import { logInToMessaging } from './messagingLogin'
import { uidOfJid } from '@vchat/contract'
import type { AuthState, LoginFailure, LoginStatus } from './authState'
export type { AuthState, LoginFailure, LoginFailureKind, LoginStatus } from './authState'

const initialAuthState: AuthState = {
  user: null,
  componentInfo: null,
  completeUserInfoCheck: false,
  status: 'idle',
  failure: null,
}

export interface PasswordCredentials {
  uid: string
  passwd: string
  /** The page the login happens on; messaging login and profile fetch are skipped on payment routes. */
  pathname?: string
}

export function isPaymentRoute(pathname: string): boolean {
  return PAYMENT_ROUTE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}

class LoginFlowError extends Error {
  readonly failure: LoginFailure
  constructor(failure: LoginFailure) {
    super(failure.reason)
    this.failure = failure
  }
}

/**
 * An ApiError of @vchat/api-client, recognised by shape so this module does not import the HTTP
 * client's code (it is loaded on demand).
 */
function apiErrorCode(error: unknown): ApiErrorCode | null {
  if (error instanceof Error && error.name === 'ApiError' && 'code' in error && typeof error.code === 'string') {
    return error.code as ApiErrorCode
  }
  return null
}

/** Maps whatever the sign-in call threw to a failure the screen can explain. */
function loginFailureFrom(error: unknown): LoginFailure {
  if (error instanceof LoginFlowError) return error.failure
  const code = apiErrorCode(error)
  if (code && error instanceof Error) {
    if (code === 'BACKEND_ERROR') return { kind: 'invalid_credentials', reason: error.message }
    if (code === 'LOGIN_THROTTLED') {
      const seconds = 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined
      return { kind: 'throttled', reason: error.message, retryAfterSeconds: seconds }
    }
    return { kind: 'network', reason: error.message || code }
  }
  if (error instanceof Error && error.message) return { kind: 'unknown', reason: error.message }
  return { kind: 'unknown', reason: LOGIN_ERROR_UNKNOWN }
}

/** Turns a login answer into the main user; throws 'invalid token' when there is no vcToken (SPEC §5). */
function userFromLoginResponse(response: LoginResponse | null | undefined): MainUser {
  const info = response?.userInfo
  if (!info || typeof info.vcToken !== 'string' || info.vcToken === '' || !info.jid) {
    throw new LoginFlowError({ kind: 'invalid_token', reason: LOGIN_ERROR_INVALID_TOKEN })
  }
  return {
    uid: uidOfJid(info.jid) || String(info.id),
    jid: info.jid,
    vcToken: info.vcToken,
    role: typeof info.role === 'number' ? info.role : DEFAULT_USER_ROLE,
    nickName: '',
    name: '',
    vcTokenExpiresAt: info.vcTokenExpiresAt,
  }
}

/**
 * The login flow after a successful sign-in call (SPEC §4): store the user, run messaging login and
 * profile fetch (skipped on payment routes; a failed messaging login is only logged), then load config
 * and account.
 */
export const completeLogin = createAppAsyncThunk<MainUser, { response: LoginResponse; pathname?: string | undefined }, { rejectValue: LoginFailure }>(
  'auth/completeLogin',
  async ({ response, pathname }, { dispatch, extra, getState, rejectWithValue }) => {
    let user: MainUser
    try {
      user = userFromLoginResponse(response)
    } catch (error) {
      return rejectWithValue(loginFailureFrom(error))
    }
    dispatch(userStored({ user, componentInfo: response.componentInfo ?? null, completeUserInfoCheck: Boolean(response.completeUserInfoCheck) }))
    extra.analytics.identify(user.uid)
    void extra.push.register()

    if (!isPaymentRoute(pathname ?? currentPathname()) && (await logInToMessaging(extra, getState))) {
      try {
        const profile = await extra.chat.fetchProfile(user.jid)
        if (profile) dispatch(profileLoaded(profile))
      } catch (error) {
        extra.logger.warn('profile fetch failed', { reason: error instanceof Error ? error.message : String(error) })
      }
    }

    const results = await Promise.allSettled([dispatch(loadConfig()).unwrap(), dispatch(loadAccount()).unwrap(), dispatch(syncAccountSettings()).unwrap()])
    for (const result of results) {
      if (result.status === 'rejected') extra.logger.warn('loading after login failed', { reason: String(result.reason) })
    }
    return getState().auth.user ?? user
  },
)

/** Sign in with uid and password (/userpassword, /login). */
export const loginWithPassword = createAppAsyncThunk<MainUser, PasswordCredentials, { rejectValue: LoginFailure }>(
  'auth/loginWithPassword',
  async ({ uid, passwd, pathname }, { dispatch, extra, rejectWithValue }) => {
    let response: LoginResponse
    try {
      response = await extra.api.userPwdLogin({ uid, passwd })
    } catch (error) {
      const failure = loginFailureFrom(error)
      extra.analytics.track('login_fail', { reason: failure.reason })
      return rejectWithValue(failure)
    }
    const outcome = await dispatch(completeLogin({ response, pathname }))
    if (completeLogin.rejected.match(outcome)) {
      const failure = outcome.payload ?? { kind: 'unknown' as const, reason: LOGIN_ERROR_UNKNOWN }
      extra.analytics.track('login_fail', { reason: failure.reason })
      return rejectWithValue(failure)
    }
    extra.analytics.track('login_success', { method: 'password' })
    return outcome.payload
  },
)

/** How an external sign-in was made: Google Identity Services, or the local development stand-in. */
export type ExternalLoginMethod = 'google' | 'google_one_tap' | 'dev'

/**
 * Sign in with a Google (or development) login request — /api/login_service/login with openId, token,
 * channel and credential (SPEC §7) — then the same login flow as a password login. Success and failure
 * are tracked (failure with its reason, 'unknown reason' when there is none).
 */
export const loginWithExternal = createAppAsyncThunk<
  MainUser,
  { request: ExternalLoginRequest; method: ExternalLoginMethod; pathname?: string },
  { rejectValue: LoginFailure }
>('auth/loginWithExternal', async ({ request, method, pathname }, { dispatch, extra, rejectWithValue }) => {
  let response: LoginResponse
  try {
    response = await extra.api.login(request)
  } catch (error) {
    const failure = loginFailureFrom(error)
    extra.analytics.track('login_fail', { reason: failure.reason || LOGIN_ERROR_UNKNOWN, method })
    return rejectWithValue(failure)
  }
  const outcome = await dispatch(completeLogin({ response, pathname }))
  if (completeLogin.rejected.match(outcome)) {
    const failure = outcome.payload ?? { kind: 'unknown' as const, reason: LOGIN_ERROR_UNKNOWN }
    extra.analytics.track('login_fail', { reason: failure.reason || LOGIN_ERROR_UNKNOWN, method })
    return rejectWithValue(failure)
  }
  extra.analytics.track('login_success', { method })
  return outcome.payload
})

/** Sign out: tells the server, ends messaging, then clears user, config and balance (SPEC §4). */
export const logout = createAppAsyncThunk('auth/logout', async (_: void, { dispatch, extra }) => {
  try {
    await extra.api.logout()
  } catch (error) {
    extra.logger.warn('logout call failed', { reason: error instanceof Error ? error.message : String(error) })
  }
  try {
    await extra.chat.logout()
  } catch (error) {
    extra.logger.warn('messaging logout failed', { reason: error instanceof Error ? error.message : String(error) })
  }
  extra.analytics.identify(null)
  await extra.push.unregister()
  dispatch(loggedOut())
})

/**
 * The session ended without the user asking (`sessionListeners`): messaging is closed here and the
 * app signs out locally (the server's logout would only refuse the dead token), then says why. The
 * page the user was on stays the place to return to: the auth guard opens the login popup over it.
 */
export const sessionExpired = createAppAsyncThunk('auth/sessionExpired', async (_: void, { dispatch, extra }) => {
  // Signed out first, in the same task: a second refusal already on its way finds nobody signed in.
  dispatch(loggedOut())
  dispatch(sessionEndedNoticed())
  extra.analytics.identify(null)
  try {
    await extra.chat.logout()
  } catch (error) {
    extra.logger.warn('messaging logout failed', { reason: error instanceof Error ? error.message : String(error) })
  }
})

function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname
}

function failed(state: AuthState, failure: LoginFailure | undefined): void {
  state.user = null
  state.componentInfo = null
  state.completeUserInfoCheck = false
  state.status = 'failed'
  state.failure = failure ?? { kind: 'unknown', reason: LOGIN_ERROR_UNKNOWN }
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The login popup says the session ended (set after `loggedOut`, which clears everything). */
    sessionEndedNoticed(state) {
      state.notice = 'expired'
    },
    userStored(state, action: PayloadAction<{ user: MainUser; componentInfo: ComponentInfo | null; completeUserInfoCheck: boolean }>) {
      state.user = action.payload.user
      state.componentInfo = action.payload.componentInfo
      state.completeUserInfoCheck = action.payload.completeUserInfoCheck
    },
    profileLoaded(state, action: PayloadAction<ChatProfile>) {
      if (!state.user) return
      state.user.nickName = action.payload.nickName
      state.user.name = action.payload.name
    },
    loginFailureDismissed(state) {
      state.failure = null
      if (state.status === 'failed') state.status = 'idle'
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginWithPassword.pending, (state) => {
        state.status = 'loading'
        state.failure = null
      })
      .addCase(loginWithPassword.fulfilled, (state) => {
        state.status = 'succeeded'
      })
      .addCase(loginWithPassword.rejected, (state, action) => failed(state, action.payload))
      .addCase(loginWithExternal.pending, (state) => {
        state.status = 'loading'
        state.failure = null
      })
      .addCase(loginWithExternal.fulfilled, (state) => {
        state.status = 'succeeded'
      })
      .addCase(loginWithExternal.rejected, (state, action) => failed(state, action.payload))
      .addCase(completeLogin.rejected, (state, action) => failed(state, action.payload))
      .addCase(loggedOut, () => initialAuthState)
      .addCase(completeLogin.fulfilled, (state) => {
        state.notice = null
      })
  },
})

const { userStored, profileLoaded, sessionEndedNoticed } = authSlice.actions

export const selectUser = (state: RootState): MainUser | null => state.auth.user
export const selectIsLoggedIn = (state: RootState): boolean => state.auth.user !== null
export const selectLoginStatus = (state: RootState): LoginStatus => state.auth.status
export const selectLoginFailure = (state: RootState): LoginFailure | null => state.auth.failure
export const selectSessionNotice = (state: RootState): 'expired' | null => state.auth.notice ?? null
export const selectComponentInfo = (state: RootState): ComponentInfo | null => state.auth.componentInfo
/** The name to greet the user with: nickname, else name, else empty. */
export const selectDisplayName = (state: RootState): string => state.auth.user?.nickName || state.auth.user?.name || ''
