import { CALL_CHECK_TIMEOUT_MS, CALL_HEARTBEAT_INTERVAL_MS, CALL_SETUP_TIMEOUT_MS } from './constants'
import { CallFailureReason, CallStatus } from './callTypes'
import type { CallAction, CallFailure, CallPayload, CallSignalling } from './callTypes'
import { mapCallError, mapCancel, mapSessionFail } from './errorMapping'
import { CallStartError, CallStartErrorCode } from './guards'

/**
 * Timer functions the machine uses. Handles are opaque. Method syntax on purpose: the
 * platform's `setTimeout`/`clearTimeout` (whose handle types differ between DOM and Node) fit.
 */
export interface CallTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export type CallDirection = 'outgoing' | 'incoming'

/** 'silver': a low-tier call, paid in silver coins and limited to the server's silverCallDuration. */
export type CallTier = 'standard' | 'silver'

/** Everything a screen needs to show about the current call. */
export interface CallSnapshot {
  readonly status: CallStatus
  readonly direction: CallDirection | null
  /** The other side's jid (callee for outgoing, caller for incoming). */
  readonly peer: string | null
  /** Session id given by the hub (`SessionSuccess` for outgoing, `CallIn` for incoming). */
  readonly sid: string | null
  /** Price per minute announced with an incoming call. */
  readonly price: number | null
  /** Set when status is Failed. */
  readonly failure: CallFailure | null
  /** Heartbeats sent while connected. */
  readonly heartbeats: number
  /** The tier of the call ('standard' unless it was placed or announced as a silver call). */
  readonly tier: CallTier
}

export type CallListener = (snapshot: CallSnapshot, previous: CallSnapshot) => void

/**
 * What `checkAlive` found: the hub still knows the call ('alive'); it does not, or did not answer in
 * time, and the call was ended ('ended'); the question could not be sent ('unknown', the call goes
 * on); or there was nothing to ask ('none': no active call, or no sid yet).
 */
export type CallCheckResult = 'alive' | 'ended' | 'unknown' | 'none'

/** A clean-up step of the media/peer layer (stop tracks, close the peer connection...). */
export type CallCleanup = () => void

export interface CallMachineOptions {
  signalling: CallSignalling
  /** Defaults to the platform's timer functions. */
  timers?: CallTimers
  /** Called after each heartbeat has been handed to signalling. */
  onHeartbeat?: (info: { sid: string | null; count: number }) => void
  /**
   * Called with errors the machine swallows so that the call flow goes on: a rejected
   * best-effort send (heartbeat, hang-up notice) or a throwing clean-up step.
   */
  onError?: (error: unknown) => void
}

export interface CallMachine {
  getSnapshot(): CallSnapshot
  /** Listener runs after every change; returns the unsubscribe function. */
  subscribe(listener: CallListener): () => void
  /**
   * Initial → Connecting and sends `SessionRequest {callee}`. Rejects with `CallStartError`
   * ('one call allowed once') when a call is active or has not been reset yet. A rejected
   * send fails the call with 'sendSession Unknown error'. Resolves when the request is sent.
   * A silver call (`tier: 'silver'`) asks for one with `silver: true`; `request` adds fields to the
   * request (e.g. the caller's time-zone offset, which the hub's daily silver allowance needs).
   */
  startOutgoing(input: { callee: string; tier?: CallTier; request?: CallPayload }): Promise<void>
  /**
   * Initial → CallIn (the hub's `CallIn {sid, caller, price}`; the app decides whether to offer
   * it). Throws `CallStartError` ('one call allowed once') when a call is active or not reset.
   */
  receiveIncoming(input: { sid: string; caller: string; price: number; tier?: CallTier }): void
  /**
   * Connecting or CallIn → Connected, starting the 5 s heartbeat. Returns false (and changes
   * nothing) in any other state, e.g. for the second track of the same stream.
   */
  remoteMediaArrived(): boolean
  /**
   * Ends an active call by this side: → Disconnected, tells the hub (`SessionTerminate` when
   * connected, otherwise `CallCancel`) and runs clean-up. Returns false when no call is active.
   */
  stop(): boolean
  /** Active call → Failed with the given failure and clean-up. Returns false when not active. */
  fail(failure: CallFailure | CallFailureReason): boolean
  /**
   * Registers a clean-up step for the current call. Steps run once, newest first, when the
   * call stops or fails (or at `reset`/`dispose` if no call ends before). Returns a function
   * that removes the step.
   */
  registerCleanup(step: CallCleanup): () => void
  /**
   * Asks the hub whether the active call's sid is still alive (`CallCheck {sid}`), as after the
   * messaging connection came back. `CallCheck {sid, alive: true}` keeps the call; `CallCheck {sid,
   * alive: false}`, a `CallError` for the sid or no answer within 10 s ends it as Failed
   * 'sidNonExistent' (detail 'CallCheck') with the usual clean-up. A send that fails leaves the call
   * as it is ('unknown'): the connection dropped again and the next reconnect asks again.
   */
  checkAlive(): Promise<CallCheckResult>
  /** Disconnected or Failed → Initial, so that the next call may start. No-op otherwise. */
  reset(): void
  /** Stops listening to signalling, ends an active call as `stop` does, clears timers. */
  dispose(): void
}

const INITIAL_SNAPSHOT: CallSnapshot = Object.freeze({
  status: CallStatus.Initial,
  direction: null,
  peer: null,
  sid: null,
  price: null,
  failure: null,
  heartbeats: 0,
  tier: 'standard',
})

const ACTIVE_STATUSES: readonly CallStatus[] = [
  CallStatus.Connecting,
  CallStatus.Connected,
  CallStatus.CallIn,
]

function isActive(status: CallStatus): boolean {
  return ACTIVE_STATUSES.includes(status)
}

/** The platform's timer functions (the default of the machine and the engine). */
export function platformTimers(): CallTimers {
  return {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) =>
      globalThis.clearInterval(handle as Parameters<typeof clearInterval>[0]),
  }
}

function readString(payload: CallPayload, key: string): string | null {
  const value = payload[key]
  return typeof value === 'string' && value !== '' ? value : null
}

/**
 * The one-to-one call state machine (SPEC §4). Pure apart from the injected timers and
 * signalling: media and the peer connection live in another layer that registers its
 * clean-up steps here.
 *
 * Actions from the hub handled here: `SessionSuccess` (records the sid), `SessionFail`,
 * `CallCancel`, `CallError` (→ Failed with the mapped reason, or Disconnected for a plain
 * cancel) and `SessionTerminate` (→ Disconnected). The negotiation actions are left to the
 * negotiation layer, which subscribes to signalling itself.
 */
export function createCallMachine(options: CallMachineOptions): CallMachine {
  const { signalling } = options
  const timers = options.timers ?? platformTimers()
  const reportError = (error: unknown): void => options.onError?.(error)

  let snapshot: CallSnapshot = INITIAL_SNAPSHOT
  const listeners = new Set<CallListener>()
  let cleanups: CallCleanup[] = []
  let setupTimer: unknown = null
  let heartbeatTimer: unknown = null
  let disposed = false
  /** Increases with every call, so that late results of an earlier call are recognised. */
  let callSeq = 0

  function update(patch: Partial<CallSnapshot>): void {
    const previous = snapshot
    snapshot = Object.freeze({ ...snapshot, ...patch })
    for (const listener of [...listeners]) listener(snapshot, previous)
  }

  function clearTimers(): void {
    if (setupTimer !== null) {
      timers.clearTimeout(setupTimer)
      setupTimer = null
    }
    if (heartbeatTimer !== null) {
      timers.clearInterval(heartbeatTimer)
      heartbeatTimer = null
    }
  }

  function runCleanups(): void {
    const steps = cleanups
    cleanups = []
    for (const step of steps.reverse()) {
      try {
        step()
      } catch (error) {
        reportError(error)
      }
    }
  }

  function sendBestEffort(action: CallAction, payload: CallPayload): void {
    let sending: Promise<void>
    try {
      sending = signalling.send(action, payload)
    } catch (error) {
      reportError(error)
      return
    }
    sending.catch(reportError)
  }

  function end(patch: Partial<CallSnapshot>): void {
    clearTimers()
    runCleanups()
    update(patch)
  }

  function failActive(failure: CallFailure): boolean {
    if (!isActive(snapshot.status)) return false
    end({ status: CallStatus.Failed, failure })
    return true
  }

  function endByRemote(): boolean {
    if (!isActive(snapshot.status)) return false
    end({ status: CallStatus.Disconnected })
    return true
  }

  function assertCanStart(): void {
    if (disposed || snapshot.status !== CallStatus.Initial) {
      throw new CallStartError(CallStartErrorCode.OneCallAtATime)
    }
  }

  function onAction(action: CallAction, payload: CallPayload): void {
    switch (action) {
      case 'SessionSuccess': {
        const sid = readString(payload, 'sid')
        if (snapshot.status === CallStatus.Connecting && sid !== null && snapshot.sid === null) {
          update({ sid })
        }
        return
      }
      case 'SessionFail':
        if (snapshot.direction !== null) failActive(mapSessionFail(snapshot.direction))
        return
      case 'CallCancel': {
        const failure = mapCancel(payload['reason'])
        if (failure) failActive(failure)
        else endByRemote()
        return
      }
      case 'CallError': {
        // A notice about another (older) session must not end this call.
        const sid = readString(payload, 'sid')
        if (sid !== null && snapshot.sid !== null && sid !== snapshot.sid) return
        failActive(mapCallError(payload['reason']))
        return
      }
      case 'SessionTerminate':
        // The call's media could not be recovered (this side's or the other's restarts, or the hub's bound).
        if (payload['reason'] === CallFailureReason.MediaLost) failActive({ reason: CallFailureReason.MediaLost })
        else endByRemote()
        return
      default:
        return
    }
  }

  function stop(): boolean {
    if (!isActive(snapshot.status)) return false
    const { status, sid, peer } = snapshot
    if (status === CallStatus.Connected) sendBestEffort('SessionTerminate', { sid })
    else sendBestEffort('CallCancel', { sid, peer })
    end({ status: CallStatus.Disconnected })
    return true
  }

  /** Pending `checkAlive` questions, answered by the hub's `CallCheck {sid, alive}`. */
  const checks = new Set<{ sid: string; answer: (alive: boolean) => void }>()

  function onCheckAnswer(action: CallAction, payload: CallPayload): void {
    if (action !== 'CallCheck') return
    const sid = readString(payload, 'sid')
    for (const check of [...checks]) if (check.sid === sid) check.answer(payload['alive'] === true)
  }

  async function checkAlive(): Promise<CallCheckResult> {
    const { sid, status } = snapshot
    if (!isActive(status) || sid === null) return 'none'
    const seq = callSeq
    const stillThisCall = () => seq === callSeq && isActive(snapshot.status)
    const answered = new Promise<boolean | 'gone'>((resolve) => {
      const check = {
        sid,
        answer: (alive: boolean) => {
          checks.delete(check)
          unsubscribe()
          timers.clearTimeout(timer)
          resolve(alive)
        },
      }
      // A CallError for the sid (or any other end) ends the call while we wait.
      const unsubscribe = subscribe((next) => {
        if (!isActive(next.status) || seq !== callSeq) {
          checks.delete(check)
          unsubscribe()
          timers.clearTimeout(timer)
          resolve('gone')
        }
      })
      const timer = timers.setTimeout(() => check.answer(false), CALL_CHECK_TIMEOUT_MS)
      checks.add(check)
    })
    try {
      await signalling.send('CallCheck', { sid })
    } catch (error) {
      reportError(error)
      for (const check of [...checks]) if (check.sid === sid) check.answer(true)
      await answered
      return stillThisCall() ? 'unknown' : 'ended'
    }
    const alive = await answered
    if (alive === true && stillThisCall()) return 'alive'
    if (alive === false && stillThisCall()) {
      failActive({ reason: CallFailureReason.SidNonExistent, detail: 'CallCheck' })
    }
    return 'ended'
  }

  function subscribe(listener: CallListener): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  const unsubscribeSignalling = signalling.onAction(onAction)
  const unsubscribeChecks = signalling.onAction(onCheckAnswer)

  return {
    getSnapshot: () => snapshot,

    subscribe,

    async startOutgoing({ callee, tier = 'standard', request = {} }) {
      assertCanStart()
      const seq = ++callSeq
      update({ ...INITIAL_SNAPSHOT, status: CallStatus.Connecting, direction: 'outgoing', peer: callee, tier })
      setupTimer = timers.setTimeout(() => {
        setupTimer = null
        if (snapshot.status === CallStatus.Connecting) {
          failActive({ reason: CallFailureReason.TimeOut })
        }
      }, CALL_SETUP_TIMEOUT_MS)
      try {
        await signalling.send('SessionRequest', { ...request, callee, ...(tier === 'silver' ? { silver: true } : {}) })
      } catch (error) {
        reportError(error)
        // Only this call's request: a later call must not be failed by an old rejection.
        if (seq === callSeq) failActive({ reason: CallFailureReason.SendSessionUnknown })
      }
    },

    receiveIncoming({ sid, caller, price, tier = 'standard' }) {
      assertCanStart()
      callSeq += 1
      update({
        ...INITIAL_SNAPSHOT,
        status: CallStatus.CallIn,
        direction: 'incoming',
        peer: caller,
        sid,
        price,
        tier,
      })
    },

    remoteMediaArrived() {
      if (snapshot.status !== CallStatus.Connecting && snapshot.status !== CallStatus.CallIn) {
        return false
      }
      if (setupTimer !== null) {
        timers.clearTimeout(setupTimer)
        setupTimer = null
      }
      heartbeatTimer = timers.setInterval(() => {
        if (snapshot.status !== CallStatus.Connected) return
        const count = snapshot.heartbeats + 1
        sendBestEffort('SessionHeartbeat', { sid: snapshot.sid })
        update({ heartbeats: count })
        options.onHeartbeat?.({ sid: snapshot.sid, count })
      }, CALL_HEARTBEAT_INTERVAL_MS)
      update({ status: CallStatus.Connected })
      return true
    },

    stop,

    fail(failure) {
      return failActive(typeof failure === 'string' ? { reason: failure } : failure)
    },

    registerCleanup(step) {
      cleanups.push(step)
      return () => {
        cleanups = cleanups.filter((registered) => registered !== step)
      }
    },

    checkAlive,

    reset() {
      if (snapshot.status !== CallStatus.Disconnected && snapshot.status !== CallStatus.Failed) {
        return
      }
      runCleanups()
      update(INITIAL_SNAPSHOT)
    },

    dispose() {
      if (disposed) return
      unsubscribeSignalling()
      unsubscribeChecks()
      stop()
      clearTimers()
      runCleanups()
      disposed = true
      listeners.clear()
    },
  }
}
