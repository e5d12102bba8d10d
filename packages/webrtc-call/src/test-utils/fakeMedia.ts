/** Test doubles for media and the peer connection (Node has neither). */

export interface FakeTrack {
  kind: 'audio' | 'video'
  enabled: boolean
  stopped: boolean
  /** The camera or microphone it comes from. */
  deviceId: string
  stop(): void
  getSettings(): { deviceId: string }
}

export function fakeTrack(kind: 'audio' | 'video', deviceId = kind === 'video' ? 'front' : 'mic'): FakeTrack {
  return {
    kind,
    enabled: true,
    stopped: false,
    deviceId,
    stop() {
      this.stopped = true
    },
    getSettings() {
      return { deviceId: this.deviceId }
    },
  }
}

export interface FakeStream {
  tracks: FakeTrack[]
  getTracks(): FakeTrack[]
  getAudioTracks(): FakeTrack[]
  getVideoTracks(): FakeTrack[]
  addTrack(track: FakeTrack): void
  removeTrack(track: FakeTrack): void
}

export function fakeStream(tracks: FakeTrack[] = [fakeTrack('audio'), fakeTrack('video')]): FakeStream {
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    addTrack: (track) => void tracks.push(track),
    removeTrack: (track) => void tracks.splice(tracks.indexOf(track), 1),
  }
}

export class FakePeerConnection {
  readonly config: RTCConfiguration
  readonly added: FakeTrack[] = []
  readonly transceivers: Array<{
    sender: {
      track: FakeTrack
      replaceTrack(track: FakeTrack): Promise<void>
      encodings: RTCRtpEncodingParameters[]
      parameterChanges: RTCRtpEncodingParameters[][]
      getParameters(): RTCRtpSendParameters
      setParameters(parameters: RTCRtpSendParameters): Promise<void>
    }
    preferences: RTCRtpCodec[] | null
    setCodecPreferences(codecs: RTCRtpCodec[]): void
  }> = []
  local: RTCSessionDescriptionInit | null = null
  remote: RTCSessionDescriptionInit | null = null
  readonly candidates: RTCIceCandidateInit[] = []
  closed = false
  failRemote = false
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null
  onnegotiationneeded: (() => void) | null = null
  oniceconnectionstatechange: (() => void) | null = null
  iceConnectionState: RTCIceConnectionState = 'new'
  signalingState: RTCSignalingState = 'stable'
  /** The options of every createOffer (ICE restarts ask `iceRestart: true`). */
  readonly offers: Array<RTCOfferOptions | undefined> = []
  /** Every setConfiguration (renewed TURN credentials). */
  readonly configurations: RTCConfiguration[] = []
  /** What getStats answers; an empty report by default. */
  stats: Map<string, unknown> = new Map()

  constructor(config: RTCConfiguration) {
    this.config = config
  }
  getConfiguration(): RTCConfiguration {
    return this.configurations.at(-1) ?? this.config
  }
  setConfiguration(configuration: RTCConfiguration): void {
    this.configurations.push(configuration)
  }
  async getStats(): Promise<Map<string, unknown>> {
    return this.stats
  }
  /** Simulates the ICE agent changing state. */
  setIceState(state: RTCIceConnectionState): void {
    this.iceConnectionState = state
    this.oniceconnectionstatechange?.()
  }
  addTrack(track: FakeTrack): void {
    this.added.push(track)
    const sender = {
      track,
      async replaceTrack(next: FakeTrack) {
        sender.track = next
      },
      encodings: [{ active: true }] as RTCRtpEncodingParameters[],
      /** Every setParameters' encodings, in order. */
      parameterChanges: [] as RTCRtpEncodingParameters[][],
      getParameters(): RTCRtpSendParameters {
        return { encodings: sender.encodings.map((encoding) => ({ ...encoding })), transactionId: 't', codecs: [], headerExtensions: [], rtcp: {} }
      },
      async setParameters(parameters: RTCRtpSendParameters): Promise<void> {
        sender.encodings = parameters.encodings
        sender.parameterChanges.push(parameters.encodings)
      },
    }
    const transceiver = {
      sender,
      preferences: null as RTCRtpCodec[] | null,
      setCodecPreferences(codecs: RTCRtpCodec[]) {
        transceiver.preferences = codecs
      },
    }
    this.transceivers.push(transceiver)
  }
  getTransceivers() {
    return this.transceivers
  }
  getSenders() {
    return this.transceivers.map((transceiver) => transceiver.sender)
  }
  async createOffer(options?: RTCOfferOptions): Promise<RTCSessionDescriptionInit> {
    this.offers.push(options)
    return { type: 'offer', sdp: options?.iceRestart ? `v=0 offer restart ${this.offers.length}` : 'v=0 offer' }
  }
  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: 'v=0 answer' }
  }
  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (description.type === 'rollback') {
      this.signalingState = 'stable'
      return
    }
    this.local = description
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable'
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.failRemote) throw new Error('bad sdp')
    if (description.type === 'answer' && this.signalingState !== 'have-local-offer') throw new Error('InvalidStateError: no local offer')
    this.remote = description
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable'
  }
  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    this.candidates.push(candidate)
  }
  close(): void {
    this.closed = true
  }
  /** Simulates the remote side's media arriving. */
  deliverRemoteTrack(stream: unknown = { id: 'remote' }): void {
    this.ontrack?.({ streams: [stream], track: { kind: 'video' } })
  }
  emitCandidate(candidate: RTCIceCandidateInit): void {
    this.onicecandidate?.({ candidate: { toJSON: () => candidate } })
  }
}
