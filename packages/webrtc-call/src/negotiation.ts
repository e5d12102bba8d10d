import { CAMERA_CONSTRAINTS, preferH264 } from './media'
import type { CodecLike } from './media'
import { CallFailureReason, CallStatus, isNegotiationStep } from './callTypes'
import type { CallAction, CallPayload, CallSignalling, NegotiationStep } from './callTypes'
import { platformTimers } from './callMachine'
import type { CallMachine, CallTier, CallTimers } from './callMachine'
import { invitationFailure } from './errorMapping'
import { ICE_SERVERS_REFRESH_TIMEOUT_MS, ICE_SERVERS_RENEW_MARGIN_MS, VIDEO_KEY_FRAME_NUDGE } from './constants'
import { createIceRecovery } from './recovery'
import type { IceRecovery, MediaLinkState } from './recovery'
import { adaptVideoSender, createQualityMonitor, prioritizeAudio } from './quality'
import type { CallQualityLevel, CallQualitySample, QualityMonitor } from './quality'

/** The part of `navigator.mediaDevices` calls use. */
export interface MediaDevicesLike {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>
  /** Lists the cameras for switching between them (absent: one camera assumed). */
  enumerateDevices?(): Promise<MediaDeviceInfo[]>
}

export interface CallEngineOptions {
  machine: CallMachine
  signalling: CallSignalling
  media: MediaDevicesLike
  /** Builds the peer connection; defaults to `new RTCPeerConnection(config)`. */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection
  /** Codecs the browser can send/receive for video (`RTCRtpReceiver.getCapabilities('video')`). */
  videoCodecs?: () => readonly RTCRtpCodec[] | null
  onLocalStream?: (stream: MediaStream | null) => void
  onRemoteStream?: (stream: MediaStream | null) => void
  onError?: (error: unknown) => void
  /**
   * Decides whether an incoming call may ring: return null to ring, or a reason that is sent back
   * as `CallCancel {sid, reason}` (SPEC §5 call-back: 'coins_insufficient').
   */
  screenIncoming?: (call: { sid: string; caller: string; price: number }) => string | null
  /** Timers of recovery and quality polling (default the platform's; tests pass fake ones). */
  timers?: CallTimers
  /** Clock of the TURN credentials' expiry (default Date.now). */
  now?: () => number
  /**
   * A connected call's media dropped ('reconnecting': ICE restarts under way, the hub pauses billing)
   * or is back ('connected').
   */
  onMediaState?: (state: MediaLinkState) => void
  /** A connection-quality reading of the connected call (every `QUALITY_POLL_INTERVAL_MS`). */
  onQuality?: (sample: CallQualitySample) => void
}

/** Outgoing or incoming one-to-one call over the machine, the signalling and a peer connection. */
export interface CallEngine {
  /**
   * Starts a call to `callee` (SessionRequest; the invitation follows SessionSuccess + PeerAnswered);
   * `options.tier: 'silver'` asks for a silver call, `options.request` adds fields to the request.
   */
  call(callee: string, options?: { tier?: CallTier; request?: CallPayload }): Promise<void>
  /** Accepts the ringing incoming call (CallAccept); media and the answer follow the invitation. */
  accept(): Promise<void>
  /** Declines the ringing incoming call (CallCancel). */
  reject(): void
  /** Hangs up (SessionTerminate when connected, CallCancel before). */
  hangUp(): void
  /** Mutes or unmutes the microphone; returns the new muted state. */
  setMicrophoneMuted(muted: boolean): boolean
  /** Turns the camera track off or on; returns the new off state. */
  setCameraOff(off: boolean): boolean
  /** Whether this device has another camera to switch to (two or more video inputs). */
  canSwitchCamera(): Promise<boolean>
  /**
   * Sends the next camera instead of the current one, in place (no renegotiation: the video sender's
   * track is replaced); the camera-off state carries over. False when there is no other camera or it
   * cannot be opened — the current camera then stays.
   */
  switchCamera(): Promise<boolean>
  dispose(): void
}

/** Result of `probeMediaPermission`. */
export type MediaPermission = 'granted' | 'denied' | 'unavailable'

/**
 * SPEC §6: camera and microphone permission is probed by requesting both and releasing them at
 * once (every track stopped). A refusal reads 'denied'; no device or no API reads 'unavailable'.
 */
export async function probeMediaPermission(media: MediaDevicesLike | null | undefined): Promise<MediaPermission> {
  if (!media) return 'unavailable'
  try {
    const stream = await media.getUserMedia({ audio: true, video: true })
    for (const track of stream.getTracks()) track.stop()
    return 'granted'
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable'
  }
}

/** The constraints of the call's media request: microphone plus the camera at SPEC §9's sizes. */
export const CALL_MEDIA_CONSTRAINTS: Readonly<MediaStreamConstraints> = Object.freeze({
  audio: true,
  video: CAMERA_CONSTRAINTS,
})

/** The ICE part of SessionSuccess / CallIn / IceServers: servers, transport policy and their expiry. */
interface IceConfig {
  iceServers: RTCIceServer[]
  iceTransportPolicy: RTCIceTransportPolicy
  /** When the TURN credentials expire (ms since epoch); null when they do not. */
  expiresAt: number | null
}

function readIceConfig(payload: CallPayload): IceConfig {
  const expiresAt = payload['iceServersExpireAt']
  return {
    iceServers: readIceServers(payload),
    iceTransportPolicy: payload['iceTransportPolicy'] === 'relay' ? 'relay' : 'all',
    expiresAt: typeof expiresAt === 'number' ? expiresAt : null,
  }
}

function readIceServers(payload: CallPayload): RTCIceServer[] {
  const value = payload['iceServers']
  if (!Array.isArray(value)) return []
  return value.filter((server): server is RTCIceServer => {
    if (!server || typeof server !== 'object') return false
    const urls = (server as { urls?: unknown }).urls
    return typeof urls === 'string' || Array.isArray(urls)
  })
}

function defaultPeerConnection(config: RTCConfiguration): RTCPeerConnection {
  return new RTCPeerConnection(config)
}

function defaultVideoCodecs(): readonly RTCRtpCodec[] | null {
  if (typeof RTCRtpReceiver === 'undefined' || typeof RTCRtpReceiver.getCapabilities !== 'function') return null
  return RTCRtpReceiver.getCapabilities('video')?.codecs ?? null
}

/**
 * The negotiation layer (SPEC §4): the offer side is the caller. After `SessionSuccess {sid,
 * iceServers}` it acquires the camera (ideal 480x640, max 720x1280) and builds the peer connection
 * while the callee rings; on `PeerAnswered` it sends the `invitation`, on `accepted` the offer
 * (H264 first in the codec preferences); the callee answers; candidates go both ways through the
 * hub as `WebRTCContent {sid, step, ...}`. Remote media → the machine's Connected; any SDP error →
 * 'sdp fail'; an invitation that cannot be sent → 'chat-invitation'. Clean-up (tracks stopped,
 * connection closed) is registered with the machine, so every end runs it once.
 *
 * Once connected (not in SPEC §4): the ICE servers, transport policy and TURN credentials the hub
 * gave the call are used as given; a dropped ICE connection is recovered (`recovery.ts`: the caller
 * sends ICE-restart offers tagged `restart: n`, the callee answers them; both tell the hub
 * `MediaState` down/up; credentials near their expiry are renewed with `IceServers` first); a
 * recovery that fails ends the call as 'media-lost' for both (`SessionTerminate {reason}`). A quality
 * monitor reads `getStats` and scales the video sender down on a poor link, audio first.
 */
export function createCallEngine(options: CallEngineOptions): CallEngine {
  const { machine, signalling, media } = options
  const createPeerConnection = options.createPeerConnection ?? defaultPeerConnection
  const videoCodecs = options.videoCodecs ?? defaultVideoCodecs
  const reportError = (error: unknown): void => options.onError?.(error)
  const timers = options.timers ?? platformTimers()
  const now = options.now ?? (() => Date.now())

  let pc: RTCPeerConnection | null = null
  let localStream: MediaStream | null = null
  let ice: IceConfig = { iceServers: [], iceTransportPolicy: 'all', expiresAt: null }
  let recovery: IceRecovery | null = null
  let quality: QualityMonitor | null = null
  /** The restart attempt whose answer the caller waits for (0: none). */
  let restartAttempt = 0
  /** The last MediaState sent (they go out in order). */
  let mediaStateSent: Promise<void> = Promise.resolve()
  /** The quality level the video sender was last adapted to. */
  let qualityLevel: CallQualityLevel | null = null
  let preparing: Promise<RTCPeerConnection | null> | null = null
  let peerAnswered = false
  let invitationSent = false
  let remoteDescriptionSet = false
  let pendingCandidates: RTCIceCandidateInit[] = []
  /** Grows with every call so late async results of an ended call are dropped. */
  let generation = 0

  async function cameras(): Promise<MediaDeviceInfo[]> {
    if (!media.enumerateDevices) return []
    try {
      return (await media.enumerateDevices()).filter((device) => device.kind === 'videoinput' && device.deviceId !== '')
    } catch (error) {
      reportError(error)
      return []
    }
  }

  function active(): boolean {
    const { status } = machine.getSnapshot()
    return status === CallStatus.Connecting || status === CallStatus.CallIn || status === CallStatus.Connected
  }

  function resetCallState(): void {
    pc = null
    localStream = null
    preparing = null
    peerAnswered = false
    invitationSent = false
    remoteDescriptionSet = false
    pendingCandidates = []
    recovery?.dispose()
    recovery = null
    mediaStateSent = Promise.resolve()
    quality?.stop()
    quality = null
    restartAttempt = 0
    qualityLevel = null
  }

  function sendContent(step: NegotiationStep, extra: CallPayload = {}): Promise<void> {
    const sid = machine.getSnapshot().sid
    return signalling.send('WebRTCContent', { sid, step, ...extra })
  }

  function sendContentBestEffort(step: NegotiationStep, extra: CallPayload = {}): void {
    sendContent(step, extra).catch(reportError)
  }

  function sdpFail(error: unknown): void {
    reportError(error)
    machine.fail(CallFailureReason.SdpFail)
  }

  /** Camera + microphone and a peer connection with the call's ICE servers (once per call). */
  function prepare(): Promise<RTCPeerConnection | null> {
    if (preparing) return preparing
    const gen = generation
    preparing = (async () => {
      const stream = await media.getUserMedia(CALL_MEDIA_CONSTRAINTS)
      if (gen !== generation || !active()) {
        for (const track of stream.getTracks()) track.stop()
        return null
      }
      localStream = stream
      const connection = createPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy })
      pc = connection
      machine.registerCleanup(() => {
        for (const track of stream.getTracks()) track.stop()
        connection.onicecandidate = null
        connection.ontrack = null
        connection.onnegotiationneeded = null
        connection.oniceconnectionstatechange = null
        connection.close()
        options.onLocalStream?.(null)
        options.onRemoteStream?.(null)
        resetCallState()
        generation += 1
      })
      for (const track of stream.getTracks()) connection.addTrack(track, stream)
      const codecs = videoCodecs()
      if (codecs && codecs.length > 0) {
        const ordered = preferH264<CodecLike & RTCRtpCodec>(codecs)
        for (const transceiver of connection.getTransceivers()) {
          if (transceiver.sender.track?.kind === 'video' && typeof transceiver.setCodecPreferences === 'function') {
            try {
              transceiver.setCodecPreferences(ordered)
            } catch (error) {
              reportError(error)
            }
          }
        }
      }
      connection.onicecandidate = (event) => {
        if (event.candidate) sendContentBestEffort('candidates', { candidate: event.candidate.toJSON() })
      }
      let connected = false
      connection.ontrack = (event) => {
        const remote = event.streams[0] ?? new MediaStream([event.track])
        options.onRemoteStream?.(remote)
        if (!connected) {
          connected = true
          if (machine.remoteMediaArrived()) watchConnection(connection)
        }
      }
      connection.oniceconnectionstatechange = () => recovery?.iceStateChanged(connection.iceConnectionState)
      connection.onnegotiationneeded = () => {
        if (machine.getSnapshot().status === CallStatus.Connected) sendContentBestEffort('negotiation-needed')
      }
      options.onLocalStream?.(stream)
      return connection
    })().catch((error: unknown) => {
      reportError(error)
      if (gen === generation) machine.fail({ reason: CallFailureReason.SessionFail, detail: 'media' })
      return null
    })
    return preparing
  }

  /** The connected call's recovery and quality monitor (one each per call). */
  function watchConnection(connection: RTCPeerConnection): void {
    const gen = generation
    recovery = createIceRecovery({
      timers,
      restarts: machine.getSnapshot().direction === 'outgoing',
      restart: (attempt) => void restartIce(connection, attempt, gen),
      onState: (state) => {
        const sid = machine.getSnapshot().sid
        // In order: a 'down' waits for the statistics it carries, and an 'up' must not overtake it.
        mediaStateSent = mediaStateSent.then(async () => {
          const payload = state === 'connected' ? { sid, media: 'up' } : { sid, media: 'down', silentMs: await silenceMs(connection) }
          await signalling.send('MediaState', payload).catch(reportError)
        })
        if (state === 'connected') void nudgeVideoKeyFrame(connection)
        options.onMediaState?.(state)
      },
      onGiveUp: () => {
        if (gen !== generation) return
        sendBestEffort('SessionTerminate', { sid: machine.getSnapshot().sid, reason: CallFailureReason.MediaLost })
        machine.fail(CallFailureReason.MediaLost)
      },
    })
    // The state may have moved on before the handler saw it (a drop during set-up).
    recovery.iceStateChanged(connection.iceConnectionState)
    const audio = connection.getSenders().find((sender) => sender.track?.kind === 'audio')
    if (audio) void prioritizeAudio(audio, { onError: reportError })
    quality = createQualityMonitor({
      getStats: () => connection.getStats(),
      timers,
      onError: reportError,
      onSample: (sample) => {
        if (gen !== generation) return
        options.onQuality?.(sample)
        if (sample.level === qualityLevel) return
        qualityLevel = sample.level
        const video = connection.getSenders().find((sender) => sender.track?.kind === 'video')
        if (video) void adaptVideoSender(video, sample.level, { onError: reportError })
      },
    })
  }

  /**
   * After a recovery the other side cannot decode this side's video until a key frame: the frames sent
   * during the gap are lost, and its receiver asks for a key frame only once its retransmission
   * requests give up (measured: about 2 s of frozen picture after the connection was back). A change
   * of the sent resolution makes the encoder start again with a key frame at once (pausing and resuming
   * the encoding instead froze the other side for 2.5 s); the quality adaptation sets the scale it
   * wants at its next level change.
   */
  async function nudgeVideoKeyFrame(connection: RTCPeerConnection): Promise<void> {
    const sender = connection.getSenders().find((candidate) => candidate.track?.kind === 'video')
    if (!sender) return
    try {
      const parameters = sender.getParameters()
      if (parameters.encodings.length === 0) return
      await sender.setParameters({
        ...parameters,
        encodings: parameters.encodings.map((encoding) => ({ ...encoding, scaleResolutionDownBy: (encoding.scaleResolutionDownBy ?? 1) * VIDEO_KEY_FRAME_NUDGE })),
      })
    } catch (error) {
      reportError(error)
    }
  }

  /**
   * How long since this side last received a media packet, in ms, from the inbound RTP statistics (0
   * when they cannot say). The hub starts a billing pause that far back: the browser reports the drop
   * only seconds after the media stopped.
   */
  async function silenceMs(connection: RTCPeerConnection): Promise<number> {
    try {
      const report = await connection.getStats()
      let last: number | null = null
      let at: number | null = null
      report.forEach((stats: { type?: string; timestamp?: number; lastPacketReceivedTimestamp?: number }) => {
        if (stats.type !== 'inbound-rtp' || typeof stats.lastPacketReceivedTimestamp !== 'number' || typeof stats.timestamp !== 'number') return
        last = Math.max(last ?? 0, stats.lastPacketReceivedTimestamp)
        at = stats.timestamp
      })
      return last === null || at === null ? 0 : Math.max(0, Math.round((at as number) - (last as number)))
    } catch (error) {
      reportError(error)
      return 0
    }
  }

  function sendBestEffort(action: CallAction, payload: CallPayload): void {
    signalling.send(action, payload).catch(reportError)
  }

  /** Fresh ICE servers from the hub when the call's credentials are about to expire (or old ones after a time-out). */
  async function renewIceServers(connection: RTCPeerConnection, gen: number): Promise<void> {
    if (ice.expiresAt === null || now() < ice.expiresAt - ICE_SERVERS_RENEW_MARGIN_MS) return
    const sid = machine.getSnapshot().sid
    const renewed = await new Promise<IceConfig | null>((resolve) => {
      const timer = timers.setTimeout(() => {
        unsubscribeReply()
        resolve(null)
      }, ICE_SERVERS_REFRESH_TIMEOUT_MS)
      const unsubscribeReply = signalling.onAction((action, payload) => {
        if (action !== 'IceServers' || payload['sid'] !== sid) return
        timers.clearTimeout(timer)
        unsubscribeReply()
        resolve(readIceConfig(payload))
      })
      signalling.send('IceServers', { sid }).catch((error: unknown) => {
        reportError(error)
        timers.clearTimeout(timer)
        unsubscribeReply()
        resolve(null)
      })
    })
    if (!renewed || gen !== generation) return
    ice = renewed
    connection.setConfiguration({ ...connection.getConfiguration(), iceServers: renewed.iceServers, iceTransportPolicy: renewed.iceTransportPolicy })
  }

  /**
   * Restart attempt `attempt` (the offering side): renew credentials if needed, then a new offer with
   * `iceRestart`; an earlier attempt's unanswered offer is rolled back first. A failing attempt is
   * reported, not fatal: the recovery's next attempt or its bound decides.
   */
  async function restartIce(connection: RTCPeerConnection, attempt: number, gen: number): Promise<void> {
    try {
      await renewIceServers(connection, gen)
      if (gen !== generation || pc !== connection) return
      if (connection.signalingState === 'have-local-offer') await connection.setLocalDescription({ type: 'rollback' })
      restartAttempt = attempt
      const offer = await connection.createOffer({ iceRestart: true })
      if (gen !== generation || restartAttempt !== attempt) return
      await connection.setLocalDescription(offer)
      await sendContent('offer', { sdp: offer.sdp ?? '', type: offer.type, restart: attempt })
    } catch (error) {
      reportError(error)
    }
  }

  async function sendInvitation(): Promise<void> {
    if (invitationSent || !peerAnswered) return
    const connection = await prepare()
    if (!connection || invitationSent || !active()) return
    invitationSent = true
    try {
      await sendContent('invitation')
    } catch (error) {
      reportError(error)
      machine.fail(invitationFailure())
    }
  }

  async function applyRemote(description: RTCSessionDescriptionInit): Promise<void> {
    if (!pc) return
    await pc.setRemoteDescription(description)
    remoteDescriptionSet = true
    const queued = pendingCandidates
    pendingCandidates = []
    for (const candidate of queued) await pc.addIceCandidate(candidate).catch(reportError)
  }

  async function onContent(payload: CallPayload): Promise<void> {
    const step = payload['step']
    if (!isNegotiationStep(step) || !active()) return
    const sid = machine.getSnapshot().sid
    if (typeof payload['sid'] === 'string' && sid !== null && payload['sid'] !== sid) return
    const direction = machine.getSnapshot().direction
    const gen = generation
    try {
      switch (step) {
        case 'invitation': {
          if (direction !== 'incoming') return
          const connection = await prepare()
          if (!connection || gen !== generation) return
          await sendContent('accepted')
          return
        }
        case 'accepted': {
          if (direction !== 'outgoing' || !pc) return
          const offer = await pc.createOffer()
          if (gen !== generation || !pc) return
          await pc.setLocalDescription(offer)
          await sendContent('offer', { sdp: offer.sdp ?? '', type: offer.type })
          return
        }
        case 'offer': {
          const sdp = payload['sdp']
          if (direction !== 'incoming' || !pc || typeof sdp !== 'string') return
          const restart = payload['restart']
          await applyRemote({ type: 'offer', sdp })
          if (gen !== generation || !pc) return
          const answer = await pc.createAnswer()
          await pc.setLocalDescription(answer)
          // A restart offer's answer names its attempt, so the caller can tell a late one from the current.
          await sendContent('answer', { sdp: answer.sdp ?? '', type: answer.type, ...(typeof restart === 'number' ? { restart } : {}) })
          return
        }
        case 'answer': {
          const sdp = payload['sdp']
          if (direction !== 'outgoing' || !pc || typeof sdp !== 'string') return
          const restart = payload['restart']
          if (typeof restart === 'number') {
            // The answer to an earlier restart attempt (superseded by a newer offer) is dropped.
            if (restart !== restartAttempt || pc.signalingState !== 'have-local-offer') return
          }
          await applyRemote({ type: 'answer', sdp })
          return
        }
        case 'candidates': {
          const candidate = payload['candidate']
          if (!candidate || typeof candidate !== 'object') return
          if (pc && remoteDescriptionSet) await pc.addIceCandidate(candidate as RTCIceCandidateInit).catch(reportError)
          else pendingCandidates.push(candidate as RTCIceCandidateInit)
          return
        }
        case 'close':
          machine.stop()
          return
        default:
          return
      }
    } catch (error) {
      // A failing ICE restart is the recovery's to retry or give up on, not an SDP failure of the call.
      if (gen === generation && typeof payload['restart'] !== 'number') sdpFail(error)
      else reportError(error)
    }
  }

  function onAction(action: CallAction, payload: CallPayload): void {
    switch (action) {
      case 'SessionSuccess': {
        const snapshot = machine.getSnapshot()
        if (snapshot.status !== CallStatus.Connecting || snapshot.direction !== 'outgoing') return
        ice = readIceConfig(payload)
        // The camera and the connection get ready while the callee's phone rings.
        void prepare()
        return
      }
      case 'PeerAnswered':
        if (machine.getSnapshot().direction !== 'outgoing' || !active()) return
        peerAnswered = true
        void sendInvitation()
        return
      case 'CallIn': {
        const sid = payload['sid']
        const caller = payload['caller']
        const price = payload['price']
        if (typeof sid !== 'string' || typeof caller !== 'string') return
        if (machine.getSnapshot().status !== CallStatus.Initial) {
          // SPEC §8: one call at a time; the second caller hears a busy cancel.
          signalling.send('CallCancel', { sid, reason: 'busy' }).catch(reportError)
          return
        }
        const tier: CallTier = payload['tier'] === 'silver' ? 'silver' : 'standard'
        const refusal = options.screenIncoming?.({ sid, caller, price: typeof price === 'number' ? price : 0 }) ?? null
        if (refusal !== null) {
          signalling.send('CallCancel', { sid, reason: refusal }).catch(reportError)
          return
        }
        generation += 1
        resetCallState()
        ice = readIceConfig(payload)
        machine.receiveIncoming({ sid, caller, price: typeof price === 'number' ? price : 0, tier })
        signalling.send('CallReady', { sid }).catch(reportError)
        return
      }
      case 'WebRTCContent':
        void onContent(payload)
        return
      default:
        return
    }
  }

  const unsubscribe = signalling.onAction(onAction)

  return {
    async call(callee, callOptions = {}) {
      generation += 1
      resetCallState()
      await machine.startOutgoing({ callee, ...callOptions })
    },
    async accept() {
      const snapshot = machine.getSnapshot()
      if (snapshot.status !== CallStatus.CallIn) return
      try {
        await signalling.send('CallAccept', { sid: snapshot.sid })
      } catch (error) {
        reportError(error)
        machine.fail(CallFailureReason.CallInSessionFail)
      }
    },
    reject() {
      if (machine.getSnapshot().status === CallStatus.CallIn) machine.stop()
    },
    hangUp() {
      machine.stop()
    },
    setMicrophoneMuted(muted) {
      for (const track of localStream?.getAudioTracks() ?? []) track.enabled = !muted
      return muted
    },
    setCameraOff(off) {
      for (const track of localStream?.getVideoTracks() ?? []) track.enabled = !off
      return off
    },
    async canSwitchCamera() {
      return (await cameras()).length > 1
    },
    async switchCamera() {
      const stream = localStream
      const connection = pc
      const current = stream?.getVideoTracks()[0]
      if (!stream || !connection || !current) return false
      const list = await cameras()
      if (list.length < 2) return false
      const currentId = current.getSettings().deviceId
      const index = list.findIndex((device) => device.deviceId === currentId)
      const next = list[(index + 1) % list.length]!
      const gen = generation
      let fresh: MediaStreamTrack | undefined
      try {
        const opened = await media.getUserMedia({ video: { ...CAMERA_CONSTRAINTS, deviceId: { exact: next.deviceId } } })
        fresh = opened.getVideoTracks()[0]
        for (const extra of opened.getTracks()) if (extra !== fresh) extra.stop()
        if (!fresh) return false
        if (gen !== generation || localStream !== stream) {
          fresh.stop()
          return false
        }
        const sender = connection.getSenders().find((candidate) => candidate.track?.kind === 'video')
        if (sender) await sender.replaceTrack(fresh)
        fresh.enabled = current.enabled
        stream.removeTrack(current)
        stream.addTrack(fresh)
        current.stop()
        options.onLocalStream?.(stream)
        return true
      } catch (error) {
        fresh?.stop()
        reportError(error)
        return false
      }
    },
    dispose() {
      unsubscribe()
      machine.dispose()
    },
  }
}
