import { createCallEngine, createCallMachine, CallStatus } from '@vchat/webrtc-call'
import type { CallEngine, CallMachine, CallQualityLevel, CallSnapshot, MediaDevicesLike, MediaLinkState } from '@vchat/webrtc-call'
import { createCallRecorder } from './callRecorder'
import type { CallRecorder, VideoCallRecord } from './callRecorder'
import { createHubSignalling } from './hubSignalling'
import type { HubTransportLike } from './hubSignalling'

/** A hub notice the screens show (balance refresh, free-call flash, how the other side ended). */
export type CallNotice =
  | { kind: 'balance'; gemsBalance: number }
  | { kind: 'matchToFlash' }
  | { kind: 'ended'; reason: string }
  /** A silver call was set up: how long it may last, the silver calls left today after it, the silver balance. */
  | { kind: 'silver'; callDuration: number; timesLeft: number; silverBalance: number; price: number }
  /** The hub granted a free call: which one, how many seconds are free, and whether it goes on paid afterwards. */
  | { kind: 'free'; free: 'first' | 'paid'; durationS: number; continuePaid: boolean }
  /** The free time is over and the call goes on at its price (the hub charged the first paid minute). */
  | { kind: 'converted' }
  /** The price per minute the hub set the caller's call up with (the machine knows it for incoming calls only). */
  | { kind: 'priced'; price: number }
  /** The connected call's media dropped and is being recovered, or is back (the hub pauses billing meanwhile). */
  | { kind: 'media'; state: MediaLinkState }
  /** The connection quality changed (told on change only, not on every reading). */
  | { kind: 'quality'; level: CallQualityLevel }

export interface CallRuntimeEvents {
  onSnapshot(snapshot: CallSnapshot): void
  onNotice(notice: CallNotice): void
}

/** What the call screens and thunks drive; built once per messaging login. */
export interface CallRuntime {
  readonly machine: CallMachine
  readonly engine: CallEngine
  localStream(): MediaStream | null
  remoteStream(): MediaStream | null
  /** This side ended the call: the reason kept in the local call record ('hangup', 'rejected'). */
  noteEnd(reason: string, rejectType?: 'self' | 'peer'): void
  /** Calls `listener` whenever a stream appears or goes. */
  onStreams(listener: () => void): () => void
  dispose(): void
}

export interface CallRuntimeOptions extends CallRuntimeEvents {
  transport: HubTransportLike
  media: MediaDevicesLike
  /** SPEC §5 call-back rule; null lets the call ring, else the reason sent back. */
  screenIncoming: (call: { sid: string; caller: string; price: number }) => string | null
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection
  onError?: (error: unknown) => void
  /**
   * Calls `listener` each time the messaging connection is back after a drop (not on the first
   * login); returns the unsubscribe function. The active call is then checked with the hub.
   */
  onReconnected?: (listener: () => void) => () => void
  /** Writes each finished call to the local database (chat-db `videocalls`); nothing is recorded without it. */
  recordCall?: (call: VideoCallRecord) => Promise<void>
  /** The signed-in user's bare jid, for the call record. */
  me?: () => string | null
  /** Time source of the call record (ms since epoch). */
  now?: () => number
}

/** Reasons of the hub's CallCancel that end a call without failing it (the failure ones the machine maps). */
function remoteEndReason(action: string, payload: Readonly<Record<string, unknown>>): string | null {
  const reason = payload['reason']
  if (typeof reason !== 'string' || reason === '') return null
  if (action === 'SessionTerminate') return reason
  if (action === 'CallCancel' && reason !== 'gems-insufficient') return reason
  return null
}

/** Wires the machine and the engine to the hub transport and reports to the store. */
export function createCallRuntime(options: CallRuntimeOptions): CallRuntime {
  const signalling = createHubSignalling(options.transport)
  const recorder: CallRecorder | null = options.recordCall
    ? createCallRecorder({
        me: options.me ?? (() => null),
        now: options.now ?? (() => Date.now()),
        save: options.recordCall,
        ...(options.onError ? { onError: options.onError } : {}),
      })
    : null
  // Before the machine listens: the hub's reason must be noted before the call ends on it.
  const unsubscribeReasons = signalling.onAction((action, payload) => {
    const reason = remoteEndReason(action, payload)
    if (reason !== null) recorder?.noteReason(reason, reason === 'rejected' ? 'peer' : undefined)
  })
  const machine = createCallMachine({ signalling, ...(options.onError ? { onError: options.onError } : {}) })
  let local: MediaStream | null = null
  let remote: MediaStream | null = null
  const streamListeners = new Set<() => void>()
  const streamsChanged = () => {
    for (const listener of [...streamListeners]) listener()
  }
  let qualityLevel: CallQualityLevel | null = null
  const engine = createCallEngine({
    machine,
    signalling,
    media: options.media,
    onMediaState: (state) => options.onNotice({ kind: 'media', state }),
    onQuality: (sample) => {
      if (sample.level === qualityLevel) return
      qualityLevel = sample.level
      options.onNotice({ kind: 'quality', level: sample.level })
    },
    screenIncoming: options.screenIncoming,
    ...(options.createPeerConnection ? { createPeerConnection: options.createPeerConnection } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    onLocalStream: (stream) => {
      local = stream
      streamsChanged()
    },
    onRemoteStream: (stream) => {
      remote = stream
      streamsChanged()
    },
  })
  const unsubscribeMachine = machine.subscribe((snapshot, previous) => {
    // Each call's quality starts unknown.
    if (snapshot.sid !== previous.sid) qualityLevel = null
    recorder?.observe(snapshot)
    options.onSnapshot(snapshot)
  })
  const unsubscribeNotices = signalling.onAction((action, payload) => {
    if (action === 'ReChargeSuccess' || action === 'SessionSuccess') {
      const balance = payload['gemsBalance']
      if (typeof balance === 'number') options.onNotice({ kind: 'balance', gemsBalance: balance })
      if (action === 'ReChargeSuccess' && payload['converted'] === true) options.onNotice({ kind: 'converted' })
      if (action === 'SessionSuccess' && typeof payload['price'] === 'number') options.onNotice({ kind: 'priced', price: payload['price'] })
      const free = payload['free']
      if (action === 'SessionSuccess' && (free === 'first' || free === 'paid') && typeof payload['freeDuration'] === 'number') {
        options.onNotice({ kind: 'free', free, durationS: payload['freeDuration'], continuePaid: payload['continuePaid'] === true })
      }
      const { silverCallDuration, silverTimesLeft, silverBalance } = payload
      if (action === 'SessionSuccess' && payload['tier'] === 'silver' && typeof silverCallDuration === 'number') {
        options.onNotice({
          kind: 'silver',
          callDuration: silverCallDuration,
          timesLeft: typeof silverTimesLeft === 'number' ? silverTimesLeft : 0,
          silverBalance: typeof silverBalance === 'number' ? silverBalance : 0,
          price: typeof payload['price'] === 'number' ? payload['price'] : 0,
        })
      }
    } else if (action === 'MatchToFlash') {
      options.onNotice({ kind: 'matchToFlash' })
    } else {
      // How the other side or the hub ended the call (hang-up, decline, no answer, silver limits…).
      const reason = remoteEndReason(action, payload)
      if (reason !== null) options.onNotice({ kind: 'ended', reason })
    }
  })
  // After a reconnect the hub may have ended the call while this side could not hear it (a missed
  // SessionTerminate, heartbeats lost): CallCheck asks, and the machine ends the call if it is gone.
  const unsubscribeReconnects =
    options.onReconnected?.(() => {
      void machine.checkAlive()
    }) ?? (() => {})
  return {
    machine,
    engine,
    localStream: () => local,
    remoteStream: () => remote,
    noteEnd(reason, rejectType) {
      recorder?.noteReason(reason, rejectType)
    },
    onStreams(listener) {
      streamListeners.add(listener)
      return () => {
        streamListeners.delete(listener)
      }
    },
    dispose() {
      unsubscribeReasons()
      unsubscribeReconnects()
      unsubscribeNotices()
      unsubscribeMachine()
      engine.dispose()
    },
  }
}

export { CallStatus }
