import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Mock } from 'vitest'
import { createCallMachine } from './callMachine'
import type { CallMachine, CallTimers } from './callMachine'
import { CallFailureReason, CallStatus } from './callTypes'
import { ICE_RESTART_FIRST_DELAY_MS, ICE_SERVERS_REFRESH_TIMEOUT_MS } from './constants'
import { CALL_MEDIA_CONSTRAINTS, createCallEngine, probeMediaPermission } from './negotiation'
import type { CallEngine, MediaDevicesLike } from './negotiation'
import { FakePeerConnection, fakeStream, fakeTrack } from './test-utils/fakeMedia'
import type { FakeStream } from './test-utils/fakeMedia'
import { createFakeSignalling } from './test-utils/fakeSignalling'
import type { FakeSignalling } from './test-utils/fakeSignalling'

const ICE = [{ urls: 'stun:127.0.0.1:3478' }]
const CODECS = [
  { mimeType: 'video/VP8', clockRate: 90000 },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'profile-level-id=42e01f' },
  { mimeType: 'video/VP9', clockRate: 90000 },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'profile-level-id=640c1f' },
] as RTCRtpCodec[]

function timers(): CallTimers {
  return {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  }
}

let signalling: FakeSignalling
let machine: CallMachine
let engine: CallEngine
let connections: FakePeerConnection[]
let streams: FakeStream[]
let media: MediaDevicesLike & { getUserMedia: ReturnType<typeof vi.fn> }
let onRemoteStream: Mock<(stream: MediaStream | null) => void>
let onError: Mock<(error: unknown) => void>

beforeEach(() => {
  vi.useFakeTimers()
  signalling = createFakeSignalling()
  machine = createCallMachine({ signalling, timers: timers() })
  connections = []
  streams = []
  media = {
    getUserMedia: vi.fn(async () => {
      const stream = fakeStream()
      streams.push(stream)
      // Node has no MediaStream: the fake carries the methods the engine reads.
      return stream as unknown as MediaStream
    }),
  }
  onRemoteStream = vi.fn<(stream: MediaStream | null) => void>()
  onError = vi.fn<(error: unknown) => void>()
  engine = createCallEngine({
    machine,
    signalling,
    media,
    // The fake implements what the engine touches of RTCPeerConnection.
    createPeerConnection: (config) => {
      const pc = new FakePeerConnection(config)
      connections.push(pc)
      return pc as unknown as RTCPeerConnection
    },
    videoCodecs: () => CODECS,
    onRemoteStream,
    onError,
  })
})

afterEach(() => {
  engine.dispose()
  vi.useRealTimers()
})

function contentSent(step: string) {
  return signalling.sent.filter((entry) => entry.action === 'WebRTCContent' && entry.payload['step'] === step)
}

async function outgoingUntilAnswered(): Promise<FakePeerConnection> {
  await engine.call('anchor_200001@localhost')
  signalling.emit('SessionSuccess', { sid: 's1', iceServers: ICE })
  await vi.waitFor(() => expect(connections).toHaveLength(1))
  signalling.emit('PeerAnswered', { sid: 's1' })
  await vi.waitFor(() => expect(contentSent('invitation')).toHaveLength(1))
  return connections[0]!
}

describe('outgoing call (offer side)', () => {
  it('asks the hub, then prepares media with the ICE servers of SessionSuccess and invites only after PeerAnswered', async () => {
    await engine.call('anchor_200001@localhost')
    expect(signalling.sent[0]).toEqual({ action: 'SessionRequest', payload: { callee: 'anchor_200001@localhost' } })
    expect(media.getUserMedia).not.toHaveBeenCalled()

    signalling.emit('SessionSuccess', { sid: 's1', iceServers: ICE })
    await vi.waitFor(() => expect(connections).toHaveLength(1))
    expect(media.getUserMedia).toHaveBeenCalledWith(CALL_MEDIA_CONSTRAINTS)
    expect(CALL_MEDIA_CONSTRAINTS.video).toEqual({ width: { ideal: 480, max: 720 }, height: { ideal: 640, max: 1280 } })
    expect(connections[0]!.config.iceServers).toEqual(ICE)
    expect(contentSent('invitation')).toHaveLength(0)

    signalling.emit('PeerAnswered', { sid: 's1' })
    await vi.waitFor(() => expect(contentSent('invitation')).toHaveLength(1))
    expect(contentSent('invitation')[0]!.payload).toEqual({ sid: 's1', step: 'invitation' })
  })

  it('puts H264 first in the video codec preferences, audio untouched', async () => {
    const pc = await outgoingUntilAnswered()
    const video = pc.transceivers.find((t) => t.sender.track.kind === 'video')!
    const audio = pc.transceivers.find((t) => t.sender.track.kind === 'audio')!
    expect(video.preferences?.map((codec) => codec.mimeType)).toEqual(['video/H264', 'video/H264', 'video/VP8', 'video/VP9'])
    expect(audio.preferences).toBeNull()
  })

  it('offers on accepted, applies the answer, relays candidates both ways and connects on remote media', async () => {
    const pc = await outgoingUntilAnswered()
    signalling.emit('WebRTCContent', { sid: 's1', step: 'candidates', candidate: { candidate: 'early' } })
    signalling.emit('WebRTCContent', { sid: 's1', step: 'accepted' })
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(1))
    expect(contentSent('offer')[0]!.payload).toEqual({ sid: 's1', step: 'offer', sdp: 'v=0 offer', type: 'offer' })
    expect(pc.local?.type).toBe('offer')

    signalling.emit('WebRTCContent', { sid: 's1', step: 'answer', sdp: 'v=0 answer' })
    await vi.waitFor(() => expect(pc.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' }))
    // A candidate that came before the answer is applied after it.
    await vi.waitFor(() => expect(pc.candidates).toEqual([{ candidate: 'early' }]))

    pc.emitCandidate({ candidate: 'mine', sdpMid: '0' })
    expect(contentSent('candidates')[0]!.payload).toEqual({ sid: 's1', step: 'candidates', candidate: { candidate: 'mine', sdpMid: '0' } })

    pc.deliverRemoteTrack()
    pc.deliverRemoteTrack()
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    expect(onRemoteStream).toHaveBeenCalledTimes(2)
  })

  it('ignores content of another sid', async () => {
    const pc = await outgoingUntilAnswered()
    signalling.emit('WebRTCContent', { sid: 'other', step: 'accepted' })
    await Promise.resolve()
    expect(contentSent('offer')).toHaveLength(0)
    expect(pc.local).toBeNull()
  })

  it("fails with 'sdp fail' when the answer cannot be applied, stopping tracks and closing the connection", async () => {
    const pc = await outgoingUntilAnswered()
    pc.failRemote = true
    signalling.emit('WebRTCContent', { sid: 's1', step: 'answer', sdp: 'broken' })
    await vi.waitFor(() => expect(machine.getSnapshot().status).toBe(CallStatus.Failed))
    expect(machine.getSnapshot().failure?.reason).toBe(CallFailureReason.SdpFail)
    expect(pc.closed).toBe(true)
    expect(streams[0]!.tracks.every((track) => track.stopped)).toBe(true)
    expect(onRemoteStream).toHaveBeenLastCalledWith(null)
  })

  it("fails with 'chat-invitation' / 'invitationError' when the invitation cannot be sent", async () => {
    await engine.call('anchor_200001@localhost')
    signalling.emit('SessionSuccess', { sid: 's1', iceServers: ICE })
    await vi.waitFor(() => expect(connections).toHaveLength(1))
    signalling.failSends('WebRTCContent')
    signalling.emit('PeerAnswered', { sid: 's1' })
    await vi.waitFor(() => expect(machine.getSnapshot().status).toBe(CallStatus.Failed))
    expect(machine.getSnapshot().failure).toEqual({ reason: 'chat-invitation', detail: 'invitationError' })
    expect(connections[0]!.closed).toBe(true)
  })

  it('times out after 60 s without an answer and releases the camera', async () => {
    await engine.call('anchor_200001@localhost')
    signalling.emit('SessionSuccess', { sid: 's1', iceServers: ICE })
    await vi.waitFor(() => expect(connections).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(machine.getSnapshot().failure?.reason).toBe('timeOut')
    expect(streams[0]!.tracks.every((track) => track.stopped)).toBe(true)
    expect(connections[0]!.closed).toBe(true)
  })

  it('a refused camera fails the call and sends nothing more', async () => {
    media.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }))
    await engine.call('anchor_200001@localhost')
    signalling.emit('SessionSuccess', { sid: 's1', iceServers: ICE })
    await vi.waitFor(() => expect(machine.getSnapshot().status).toBe(CallStatus.Failed))
    expect(machine.getSnapshot().failure).toEqual({ reason: 'SessionFail', detail: 'media' })
    expect(connections).toHaveLength(0)
  })

  it('hang up while connected sends SessionTerminate and cleans up; mute and camera off toggle the tracks', async () => {
    const pc = await outgoingUntilAnswered()
    pc.deliverRemoteTrack()
    expect(engine.setMicrophoneMuted(true)).toBe(true)
    expect(streams[0]!.getAudioTracks()[0]!.enabled).toBe(false)
    expect(engine.setCameraOff(true)).toBe(true)
    expect(streams[0]!.getVideoTracks()[0]!.enabled).toBe(false)
    engine.hangUp()
    expect(signalling.sent.at(-1)).toEqual({ action: 'SessionTerminate', payload: { sid: 's1' } })
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
    expect(pc.closed).toBe(true)
  })
})

describe('switching the camera', () => {
  const devices = (...ids: string[]) =>
    ids.map((deviceId) => ({ kind: 'videoinput', deviceId, label: deviceId, groupId: '' })).concat([{ kind: 'audioinput', deviceId: 'mic', label: 'mic', groupId: '' }]) as unknown as MediaDeviceInfo[]

  it('is offered only with two cameras or more', async () => {
    expect(await engine.canSwitchCamera()).toBe(false) // no device list at all
    media.enumerateDevices = async () => devices('front')
    expect(await engine.canSwitchCamera()).toBe(false)
    media.enumerateDevices = async () => devices('front', 'back')
    expect(await engine.canSwitchCamera()).toBe(true)
  })

  it('sends the next camera in place, keeps camera-off, releases the old one, and hang up releases the new one', async () => {
    media.enumerateDevices = async () => devices('front', 'back')
    const onLocalStream = vi.fn()
    engine.dispose()
    machine = createCallMachine({ signalling, timers: timers() })
    engine = createCallEngine({ machine, signalling, media, onLocalStream, createPeerConnection: (config) => {
      const pc = new FakePeerConnection(config)
      connections.push(pc)
      return pc as unknown as RTCPeerConnection
    } })
    const pc = await outgoingUntilAnswered()
    pc.deliverRemoteTrack()
    const front = streams[0]!.getVideoTracks()[0]!
    engine.setCameraOff(true)
    media.getUserMedia.mockImplementationOnce(async () => fakeStream([fakeTrack('video', 'back')]) as unknown as MediaStream)
    const sentBefore = signalling.sent.length

    expect(await engine.switchCamera()).toBe(true)
    expect(media.getUserMedia).toHaveBeenLastCalledWith({ video: expect.objectContaining({ deviceId: { exact: 'back' } }) })
    const back = streams[0]!.getVideoTracks()[0]!
    expect(back.deviceId).toBe('back')
    expect(pc.getSenders().find((sender) => sender.track.kind === 'video')!.track).toBe(back)
    expect(back.enabled).toBe(false)
    expect(front.stopped).toBe(true)
    expect(onLocalStream).toHaveBeenLastCalledWith(streams[0])
    expect(signalling.sent).toHaveLength(sentBefore) // replaced in place: no renegotiation

    engine.hangUp()
    expect(back.stopped).toBe(true)
  })

  it('a camera that cannot be opened leaves the current one sending', async () => {
    media.enumerateDevices = async () => devices('front', 'back')
    const pc = await outgoingUntilAnswered()
    pc.deliverRemoteTrack()
    const front = streams[0]!.getVideoTracks()[0]!
    media.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('busy'), { name: 'NotReadableError' }))
    expect(await engine.switchCamera()).toBe(false)
    expect(streams[0]!.getVideoTracks()[0]).toBe(front)
    expect(front.stopped).toBe(false)
    expect(onError).toHaveBeenCalled()
  })

  it('does nothing without a call', async () => {
    media.enumerateDevices = async () => devices('front', 'back')
    expect(await engine.switchCamera()).toBe(false)
    expect(media.getUserMedia).not.toHaveBeenCalled()
  })
})

describe('incoming call (answer side)', () => {
  it('rings on CallIn (CallReady), accepts, prepares media on the invitation and answers the offer', async () => {
    signalling.emit('CallIn', { sid: 's9', caller: 'user_100001@localhost', price: 60, iceServers: ICE })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.CallIn, sid: 's9', price: 60, peer: 'user_100001@localhost' })
    expect(signalling.sent[0]).toEqual({ action: 'CallReady', payload: { sid: 's9' } })

    await engine.accept()
    expect(signalling.sent[1]).toEqual({ action: 'CallAccept', payload: { sid: 's9' } })

    signalling.emit('WebRTCContent', { sid: 's9', step: 'invitation' })
    await vi.waitFor(() => expect(contentSent('accepted')).toHaveLength(1))
    expect(connections[0]!.config.iceServers).toEqual(ICE)

    signalling.emit('WebRTCContent', { sid: 's9', step: 'offer', sdp: 'v=0 offer' })
    await vi.waitFor(() => expect(contentSent('answer')).toHaveLength(1))
    expect(contentSent('answer')[0]!.payload).toEqual({ sid: 's9', step: 'answer', sdp: 'v=0 answer', type: 'answer' })
    connections[0]!.deliverRemoteTrack()
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
  })

  it('reject sends CallCancel and ends the ringing call', () => {
    signalling.emit('CallIn', { sid: 's9', caller: 'user_100001@localhost', price: 60 })
    engine.reject()
    expect(signalling.sent.at(-1)).toEqual({ action: 'CallCancel', payload: { sid: 's9', peer: 'user_100001@localhost' } })
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
  })

  it('a second CallIn during a call is cancelled as busy (one call at a time)', () => {
    signalling.emit('CallIn', { sid: 's9', caller: 'user_100001@localhost', price: 60 })
    signalling.emit('CallIn', { sid: 's10', caller: 'user_100002@localhost', price: 60 })
    expect(machine.getSnapshot().sid).toBe('s9')
    expect(signalling.sent.at(-1)).toEqual({ action: 'CallCancel', payload: { sid: 's10', reason: 'busy' } })
  })

  it("a failing CallAccept fails with 'callInSessionFail'", async () => {
    signalling.emit('CallIn', { sid: 's9', caller: 'user_100001@localhost', price: 60 })
    signalling.failSends('CallAccept')
    await engine.accept()
    expect(machine.getSnapshot().failure?.reason).toBe('callInSessionFail')
  })
})

describe('screening incoming calls', () => {
  it("a refused call-back is answered CallCancel with the reason and never rings", () => {
    engine.dispose()
    machine = createCallMachine({ signalling, timers: timers() })
    engine = createCallEngine({ machine, signalling, media, screenIncoming: ({ price }) => (price >= 100 ? 'coins_insufficient' : null) })
    signalling.emit('CallIn', { sid: 's1', caller: 'anchor_200001@localhost', price: 100 })
    expect(machine.getSnapshot().status).toBe(CallStatus.Initial)
    expect(signalling.sent.at(-1)).toEqual({ action: 'CallCancel', payload: { sid: 's1', reason: 'coins_insufficient' } })
    signalling.emit('CallIn', { sid: 's2', caller: 'anchor_200001@localhost', price: 60 })
    expect(machine.getSnapshot().status).toBe(CallStatus.CallIn)
  })
})

describe('probeMediaPermission', () => {
  it('requests camera and microphone and releases both at once', async () => {
    expect(await probeMediaPermission(media)).toBe('granted')
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true })
    expect(streams[0]!.tracks.map((track) => track.stopped)).toEqual([true, true])
  })

  it('reads a refusal as denied and a missing device or API as unavailable', async () => {
    media.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'NotAllowedError' }))
    expect(await probeMediaPermission(media)).toBe('denied')
    media.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('none'), { name: 'NotFoundError' }))
    expect(await probeMediaPermission(media)).toBe('unavailable')
    expect(await probeMediaPermission(undefined)).toBe('unavailable')
  })
})

describe('silver calls through the engine', () => {
  it('places a silver call and rings one with the tier the hub announced', async () => {
    await engine.call('anchor_200001@localhost', { tier: 'silver', request: { timezoneOffset: -60 } })
    expect(signalling.sent[0]).toEqual({ action: 'SessionRequest', payload: { timezoneOffset: -60, callee: 'anchor_200001@localhost', silver: true } })
    expect(machine.getSnapshot().tier).toBe('silver')
    engine.hangUp()
    machine.reset()
    signalling.emit('CallIn', { sid: 's9', caller: 'user_100001@localhost', price: 25, tier: 'silver' })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.CallIn, tier: 'silver', price: 25 })
  })
})

describe('a connected call whose ICE connection drops (recovery)', () => {
  async function connectedOutgoing(extra: Record<string, unknown> = {}): Promise<FakePeerConnection> {
    await engine.call('anchor_200001@localhost')
    signalling.emit('SessionSuccess', { sid: 's1', iceServers: ICE, ...extra })
    await vi.waitFor(() => expect(connections).toHaveLength(1))
    signalling.emit('PeerAnswered', { sid: 's1' })
    await vi.waitFor(() => expect(contentSent('invitation')).toHaveLength(1))
    const pc = connections[0]!
    signalling.emit('WebRTCContent', { sid: 's1', step: 'accepted' })
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(1))
    signalling.emit('WebRTCContent', { sid: 's1', step: 'answer', sdp: 'v=0 answer' })
    await vi.waitFor(() => expect(pc.remote?.type).toBe('answer'))
    pc.setIceState('connected')
    pc.deliverRemoteTrack()
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    return pc
  }
  const mediaStates = () => signalling.sent.filter((entry) => entry.action === 'MediaState').map((entry) => entry.payload['media'])

  it('uses the relay-only policy the hub gives the call', async () => {
    const pc = await connectedOutgoing({ iceTransportPolicy: 'relay' })
    expect(pc.config).toEqual({ iceServers: ICE, iceTransportPolicy: 'relay' })
  })

  it('tells the hub media is down, restarts ICE with a tagged offer, applies its answer and says media is back', async () => {
    const pc = await connectedOutgoing()
    // The last packet came 5.8 s before the browser called the connection disconnected.
    pc.stats = new Map([['in-v', { type: 'inbound-rtp', kind: 'video', timestamp: 100_000, lastPacketReceivedTimestamp: 94_200 }], ['in-a', { type: 'inbound-rtp', kind: 'audio', timestamp: 100_000, lastPacketReceivedTimestamp: 94_000 }]])
    pc.setIceState('disconnected')
    await vi.waitFor(() => expect(mediaStates()).toEqual(['down']))
    expect(signalling.sent.find((entry) => entry.action === 'MediaState')!.payload).toEqual({ sid: 's1', media: 'down', silentMs: 5_800 })
    await vi.advanceTimersByTimeAsync(ICE_RESTART_FIRST_DELAY_MS)
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(2))
    expect(pc.offers.at(-1)).toEqual({ iceRestart: true })
    expect(contentSent('offer')[1]!.payload).toMatchObject({ sid: 's1', step: 'offer', restart: 1, sdp: 'v=0 offer restart 2' })
    signalling.emit('WebRTCContent', { sid: 's1', step: 'answer', sdp: 'v=0 answer 1', restart: 1 })
    await vi.waitFor(() => expect(pc.remote).toEqual({ type: 'answer', sdp: 'v=0 answer 1' }))
    pc.setIceState('connected')
    await vi.waitFor(() => expect(mediaStates()).toEqual(['down', 'up']))
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    // The sent resolution changes a little, so the encoder starts again with a key frame for the other side.
    const video = pc.transceivers.find((t) => t.sender.track.kind === 'video')!.sender
    await vi.waitFor(() => expect(video.parameterChanges.at(-1)?.[0]?.scaleResolutionDownBy).toBeCloseTo(1.01))
  })

  it('drops the late answer of a superseded attempt instead of failing the call', async () => {
    const pc = await connectedOutgoing()
    pc.setIceState('failed')
    await vi.advanceTimersByTimeAsync(ICE_RESTART_FIRST_DELAY_MS)
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(2))
    await vi.advanceTimersByTimeAsync(2_400)
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(3))
    expect(contentSent('offer')[2]!.payload['restart']).toBe(2)
    signalling.emit('WebRTCContent', { sid: 's1', step: 'answer', sdp: 'v=0 late', restart: 1 })
    signalling.emit('WebRTCContent', { sid: 's1', step: 'answer', sdp: 'v=0 answer 2', restart: 2 })
    await vi.waitFor(() => expect(pc.remote).toEqual({ type: 'answer', sdp: 'v=0 answer 2' }))
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
  })

  it('gives up at the bound: the hub hears media-lost and the call fails with it', async () => {
    const pc = await connectedOutgoing()
    pc.setIceState('disconnected')
    await vi.advanceTimersByTimeAsync(15_000)
    expect(contentSent('offer')).toHaveLength(4) // the first offer and three restarts
    expect(signalling.sent.filter((entry) => entry.action === 'SessionTerminate').at(-1)!.payload).toEqual({ sid: 's1', reason: 'media-lost' })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Failed, failure: { reason: CallFailureReason.MediaLost } })
    expect(pc.closed).toBe(true)
  })

  it('renews TURN credentials that are about to expire before it restarts', async () => {
    const expired = Date.now() - 1
    const pc = await connectedOutgoing({ iceServersExpireAt: expired })
    pc.setIceState('disconnected')
    await vi.advanceTimersByTimeAsync(ICE_RESTART_FIRST_DELAY_MS)
    await vi.waitFor(() => expect(signalling.sent.some((entry) => entry.action === 'IceServers')).toBe(true))
    expect(contentSent('offer')).toHaveLength(1)
    const fresh = [{ urls: ['turn:127.0.0.1:3478?transport=udp'], username: '9999999999:user_1', credential: 'new' }]
    signalling.emit('IceServers', { sid: 's1', iceServers: fresh, iceTransportPolicy: 'relay', iceServersExpireAt: Date.now() + 3_600_000 })
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(2))
    expect(pc.configurations.at(-1)).toMatchObject({ iceServers: fresh, iceTransportPolicy: 'relay' })
  })

  it('restarts with the old credentials when the hub does not answer in time', async () => {
    const pc = await connectedOutgoing({ iceServersExpireAt: Date.now() - 1 })
    pc.setIceState('disconnected')
    await vi.advanceTimersByTimeAsync(ICE_RESTART_FIRST_DELAY_MS + ICE_SERVERS_REFRESH_TIMEOUT_MS)
    await vi.waitFor(() => expect(contentSent('offer')).toHaveLength(2))
    expect(pc.configurations).toEqual([])
  })

  it('the answering side waits for restart offers, answers them with the attempt, and reports its media state', async () => {
    signalling.emit('CallIn', { sid: 's9', caller: 'user_1@localhost', price: 60, iceServers: ICE })
    await engine.accept()
    signalling.emit('WebRTCContent', { sid: 's9', step: 'invitation' })
    await vi.waitFor(() => expect(connections).toHaveLength(1))
    const pc = connections[0]!
    signalling.emit('WebRTCContent', { sid: 's9', step: 'offer', sdp: 'v=0 offer' })
    await vi.waitFor(() => expect(contentSent('answer')).toHaveLength(1))
    pc.setIceState('connected')
    pc.deliverRemoteTrack()
    pc.setIceState('disconnected')
    await vi.waitFor(() => expect(mediaStates()).toEqual(['down']))
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pc.offers).toEqual([])
    signalling.emit('WebRTCContent', { sid: 's9', step: 'offer', sdp: 'v=0 offer restart', restart: 2 })
    await vi.waitFor(() => expect(contentSent('answer')).toHaveLength(2))
    expect(contentSent('answer')[1]!.payload).toMatchObject({ restart: 2 })
    pc.setIceState('connected')
    await vi.waitFor(() => expect(mediaStates()).toEqual(['down', 'up']))
  })
})
