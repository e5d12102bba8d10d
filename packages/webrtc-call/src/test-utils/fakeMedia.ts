/** Test doubles for media and the peer connection (Node has neither). */

export interface FakeTrack {
  kind: 'audio' | 'video'
  enabled: boolean
  stopped: boolean
  stop(): void
}

export function fakeTrack(kind: 'audio' | 'video'): FakeTrack {
  return {
    kind,
    enabled: true,
    stopped: false,
    stop() {
      this.stopped = true
    },
  }
}

export interface FakeStream {
  tracks: FakeTrack[]
  getTracks(): FakeTrack[]
  getAudioTracks(): FakeTrack[]
  getVideoTracks(): FakeTrack[]
}

export function fakeStream(): FakeStream {
  const tracks = [fakeTrack('audio'), fakeTrack('video')]
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
  }
}

export class FakePeerConnection {
  readonly config: RTCConfiguration
  readonly added: FakeTrack[] = []
  readonly transceivers: Array<{ sender: { track: FakeTrack }; preferences: RTCRtpCodec[] | null; setCodecPreferences(codecs: RTCRtpCodec[]): void }> = []
  local: RTCSessionDescriptionInit | null = null
  remote: RTCSessionDescriptionInit | null = null
  readonly candidates: RTCIceCandidateInit[] = []
  closed = false
  failRemote = false
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null
  onnegotiationneeded: (() => void) | null = null

  constructor(config: RTCConfiguration) {
    this.config = config
  }
  addTrack(track: FakeTrack): void {
    this.added.push(track)
    const transceiver = {
      sender: { track },
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
  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: 'v=0 offer' }
  }
  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: 'v=0 answer' }
  }
  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.local = description
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.failRemote) throw new Error('bad sdp')
    this.remote = description
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
