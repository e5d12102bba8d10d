import { createCallEngine, createCallMachine, CallStatus } from '@vchat/webrtc-call'
import type { CallEngine, CallMachine, CallSnapshot, MediaDevicesLike } from '@vchat/webrtc-call'
import { createHubSignalling } from './hubSignalling'
import type { HubTransportLike } from './hubSignalling'

/** A hub notice the screens show (balance refresh, free-call flash, how the other side ended). */
export type CallNotice =
  | { kind: 'balance'; gemsBalance: number }
  | { kind: 'matchToFlash' }
  | { kind: 'ended'; reason: string }

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
}

/** Wires the machine and the engine to the hub transport and reports to the store. */
export function createCallRuntime(options: CallRuntimeOptions): CallRuntime {
  const signalling = createHubSignalling(options.transport)
  const machine = createCallMachine({ signalling, ...(options.onError ? { onError: options.onError } : {}) })
  let local: MediaStream | null = null
  let remote: MediaStream | null = null
  const streamListeners = new Set<() => void>()
  const streamsChanged = () => {
    for (const listener of [...streamListeners]) listener()
  }
  const engine = createCallEngine({
    machine,
    signalling,
    media: options.media,
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
  const unsubscribeMachine = machine.subscribe((snapshot) => options.onSnapshot(snapshot))
  const unsubscribeNotices = signalling.onAction((action, payload) => {
    if (action === 'ReChargeSuccess' || action === 'SessionSuccess') {
      const balance = payload['gemsBalance']
      if (typeof balance === 'number') options.onNotice({ kind: 'balance', gemsBalance: balance })
    } else if (action === 'MatchToFlash') {
      options.onNotice({ kind: 'matchToFlash' })
    } else if (action === 'SessionTerminate') {
      const reason = payload['reason']
      if (typeof reason === 'string') options.onNotice({ kind: 'ended', reason })
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
    onStreams(listener) {
      streamListeners.add(listener)
      return () => {
        streamListeners.delete(listener)
      }
    },
    dispose() {
      unsubscribeReconnects()
      unsubscribeNotices()
      unsubscribeMachine()
      engine.dispose()
    },
  }
}

export { CallStatus }
