import type { AudioAnalyser, MediaDevicesService, MediaPermissionState, MediaService } from '../services/types'

type PermissionName = 'camera' | 'microphone'

/** The errors browsers give when the camera or microphone cannot be opened. */
type MediaErrorName = 'NotAllowedError' | 'SecurityError' | 'NotFoundError' | 'NotReadableError' | 'AbortError' | 'OverconstrainedError'

/**
 * How the fake browser answers a request for the camera or microphone: 'grant' opens what was asked
 * for, 'hang' never answers (the permission prompt is still open), an error name refuses as browsers
 * do ('NotAllowedError': denied, 'NotFoundError': no device, 'NotReadableError': in use elsewhere…).
 */
export type FakeMediaAnswer = 'grant' | 'hang' | MediaErrorName

export interface FakeMediaOptions {
  /** Cameras plugged in (default 2: front and back). */
  cameras?: number
  /** Microphones plugged in (default 1). */
  microphones?: number
  /** What the Permissions API says of both (default 'prompt'; 'unknown' as where it is missing). */
  permission?: MediaPermissionState
  /** How requests are answered (default 'grant'). */
  answer?: FakeMediaAnswer
  /** The microphone's loudness the analyser reads: a sine wave of this peak, 0…1 (default 0.3, a voice). */
  amplitude?: number
}

/** A fake track as the device check and the call use it (kind, device, live or ended, stop). */
export interface FakeTrack {
  readonly kind: 'audio' | 'video'
  readonly deviceId: string
  readonly readyState: MediaStreamTrackState
}

/** The fake browser's media devices: answers as told, and records what was opened and released. */
export interface FakeMediaDevices extends MediaDevicesService {
  /** Every getUserMedia request, in order. */
  readonly requests: MediaStreamConstraints[]
  /** Every track handed out, in order (live until stopped). */
  readonly tracks: readonly FakeTrack[]
  /** Every analyser opened, with whether it was closed. */
  readonly analysers: readonly { readonly closed: boolean }[]
  /** Changes what the Permissions API says (a site setting changed) and tells the watchers. */
  setPermission(name: PermissionName, state: MediaPermissionState): void
  /** Changes how later requests are answered. */
  setAnswer(answer: FakeMediaAnswer): void
  /** Plugs devices in or out and fires `devicechange`. */
  setDevices(devices: { cameras: number; microphones: number }): void
}

interface TrackRecord extends FakeTrack {
  readyState: MediaStreamTrackState
  stop(): void
}

/**
 * A canvas video track where the browser can show one (stories in Chromium): a video element only
 * takes a real MediaStream. Null in jsdom, which has neither canvas capture nor MediaStream.
 */
function canvasVideoTrack(hue: number): MediaStreamTrack | null {
  if (typeof document === 'undefined' || typeof MediaStream === 'undefined') return null
  const canvas = document.createElement('canvas')
  if (typeof canvas.captureStream !== 'function') return null
  canvas.width = 480
  canvas.height = 640
  const track = canvas.captureStream(1).getVideoTracks()[0] ?? null
  const context = canvas.getContext('2d')
  if (context) {
    // A head and shoulders over a soft background: reads as a camera picture in a screenshot.
    const background = context.createLinearGradient(0, 0, 0, canvas.height)
    background.addColorStop(0, `hsl(${hue} 35% 70%)`)
    background.addColorStop(1, `hsl(${hue} 30% 35%)`)
    context.fillStyle = background
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.fillStyle = `hsl(${hue} 20% 20%)`
    context.beginPath()
    context.arc(240, 260, 95, 0, Math.PI * 2)
    context.fill()
    context.beginPath()
    context.ellipse(240, 600, 190, 170, 0, Math.PI, 0)
    context.fill()
  }
  return track
}

function fakeTrack(kind: 'audio' | 'video', deviceId: string): TrackRecord {
  const record: TrackRecord = {
    kind,
    deviceId,
    readyState: 'live',
    stop() {
      record.readyState = 'ended'
    },
  }
  return record
}

/** What a MediaStreamTrack offers that the app reads; jsdom has no MediaStreamTrack to build. */
function asTrack(record: TrackRecord, real: MediaStreamTrack | null): MediaStreamTrack {
  if (real) {
    const stop = real.stop.bind(real)
    real.stop = () => {
      stop()
      record.stop()
    }
    return real
  }
  return Object.assign(record, {
    id: `${record.kind}-${record.deviceId}`,
    label: record.deviceId,
    enabled: true,
    muted: false,
    getSettings: () => ({ deviceId: record.deviceId }),
    addEventListener() {},
    removeEventListener() {},
    // The test double stands in for the browser's track type, of which it implements what the app uses.
  }) as unknown as MediaStreamTrack
}

function streamOf(tracks: MediaStreamTrack[]): MediaStream {
  // In a browser (stories) a video element takes only a real stream, which holds only real tracks:
  // the fake microphone stays out of it there.
  if (typeof MediaStream !== 'undefined' && typeof MediaStreamTrack !== 'undefined') return new MediaStream(tracks.filter((track) => track instanceof MediaStreamTrack))
  return {
    id: `stream-${tracks.map((track) => track.id).join('+')}`,
    active: true,
    getTracks: () => [...tracks],
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    // The test double stands in for the browser's stream type, of which it implements what the app uses.
  } as unknown as MediaStream
}

/**
 * The device a request of one kind opens: null when that kind is not asked for, undefined when none
 * fits (no device at all, or the exact one asked for is not there).
 */
function deviceAsked(constraint: boolean | MediaTrackConstraints | undefined, ids: readonly string[]): string | null | undefined {
  if (!constraint) return null
  const asked = constraint === true ? undefined : constraint.deviceId
  if (asked === undefined) return ids[0]
  const { exact, ideal } = typeof asked === 'object' && !Array.isArray(asked) ? asked : { exact: asked, ideal: undefined }
  const wanted = [exact, ideal].flat().find((id): id is string => typeof id === 'string')
  if (wanted !== undefined && ids.includes(wanted)) return wanted
  return exact === undefined ? ids[0] : undefined
}

/**
 * A fake camera and microphone for tests and stories: `fakeServices({ media: fakeMediaDevices({ … }) })`.
 * Devices are `camera-1`, `camera-2`…, `microphone-1`…; labels appear only once a request was granted,
 * as browsers do.
 */
export function fakeMediaDevices(options: FakeMediaOptions = {}): FakeMediaDevices {
  let counts = { cameras: options.cameras ?? 2, microphones: options.microphones ?? 1 }
  let answer: FakeMediaAnswer = options.answer ?? 'grant'
  const amplitude = options.amplitude ?? 0.3
  const permissions: Record<PermissionName, MediaPermissionState> = { camera: options.permission ?? 'prompt', microphone: options.permission ?? 'prompt' }
  const watchers = new Set<{ name: PermissionName; listener: (state: MediaPermissionState) => void }>()
  const deviceListeners = new Set<() => void>()
  const requests: MediaStreamConstraints[] = []
  const tracks: TrackRecord[] = []
  const analysers: { closed: boolean }[] = []
  let labelled = false
  const ids = (kind: 'camera' | 'microphone') => Array.from({ length: kind === 'camera' ? counts.cameras : counts.microphones }, (_, index) => `${kind}-${index + 1}`)

  return {
    requests,
    tracks,
    analysers,
    async getUserMedia(constraints) {
      requests.push(constraints)
      if (answer === 'hang') return new Promise<MediaStream>(() => {})
      if (answer !== 'grant') throw new DOMException('refused by the fake browser', answer)
      const camera = deviceAsked(constraints.video, ids('camera'))
      const microphone = deviceAsked(constraints.audio, ids('microphone'))
      if (camera === undefined || microphone === undefined) {
        const none = (camera === undefined && counts.cameras === 0) || (microphone === undefined && counts.microphones === 0)
        throw new DOMException('no such device', none ? 'NotFoundError' : 'OverconstrainedError')
      }
      labelled = true
      const opened: MediaStreamTrack[] = []
      if (microphone) {
        const record = fakeTrack('audio', microphone)
        tracks.push(record)
        opened.push(asTrack(record, null))
      }
      if (camera) {
        const record = fakeTrack('video', camera)
        tracks.push(record)
        opened.push(asTrack(record, canvasVideoTrack(camera === 'camera-1' ? 250 : 20)))
      }
      return streamOf(opened)
    },
    async enumerateDevices() {
      const info = (kind: MediaDeviceKind, deviceId: string, label: string): MediaDeviceInfo => ({ kind, deviceId, groupId: '', label: labelled ? label : '', toJSON: () => ({}) })
      return [
        ...ids('camera').map((id, index) => info('videoinput', id, index === 0 ? 'Front camera' : index === 1 ? 'Back camera' : `Camera ${index + 1}`)),
        ...ids('microphone').map((id, index) => info('audioinput', id, index === 0 ? 'Built-in microphone' : `Headset microphone ${index}`)),
      ]
    },
    onDeviceChange(listener) {
      deviceListeners.add(listener)
      return () => deviceListeners.delete(listener)
    },
    watchPermission(name, listener) {
      const watcher = { name, listener }
      watchers.add(watcher)
      // The Permissions API answers asynchronously.
      queueMicrotask(() => {
        if (watchers.has(watcher)) listener(permissions[name])
      })
      return () => watchers.delete(watcher)
    },
    openAnalyser(): AudioAnalyser {
      const state = { closed: false }
      analysers.push(state)
      const samples = new Float32Array(256)
      return {
        read() {
          for (let index = 0; index < samples.length; index += 1) samples[index] = amplitude * Math.sin((2 * Math.PI * index) / 32)
          return samples
        },
        close() {
          state.closed = true
        },
      }
    },
    setPermission(name, state) {
      permissions[name] = state
      for (const watcher of [...watchers]) if (watcher.name === name) watcher.listener(state)
    },
    setAnswer(next) {
      answer = next
    },
    setDevices(next) {
      counts = next
      for (const listener of [...deviceListeners]) listener()
    },
  }
}

/** The services container's `media` over `devices` (a fake), already loaded. */
export function fakeMediaService(devices: MediaDevicesService): MediaService {
  return { devices: async () => devices }
}
