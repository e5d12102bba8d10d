/**
 * The camera and microphone check (/test): its states, the microphone level, and the session that
 * opens and releases the devices through the services' media devices. No React here: the screen
 * (`DeviceCheckScreen`) renders the state and hands the user's actions to the session.
 */
import { CAMERA_CONSTRAINTS } from '@vchat/webrtc-call'
import type { AudioAnalyser, Clock, MediaDevicesService, MediaPermissionState } from '../../services/types'

/** How often the microphone meter reads the level: ten times a second moves smoothly and costs little on a phone. */
export const METER_INTERVAL_MS = 100
/** The quietest level the meter shows (dBFS): a quiet room is below it, speech around -30 to -10. */
const METER_FLOOR_DB = -60
/** How far the bar may fall per reading (of a full bar): it sinks between words instead of flickering. */
const METER_FALL_PER_READING = 0.08

export type DeviceKind = 'camera' | 'microphone'

/**
 * Where the check is. Before the user starts it: `idle` (not asked). Then `asking` (the browser's
 * prompt or the devices opening), `granted` (preview and meter live), or why not: `denied` (the site
 * may not use them), `noDevice` (none found, or no media devices here), `busy` (another app holds one).
 * `paused`: released while the tab was hidden; opens again when it is shown.
 */
type DeviceCheckPhase = 'idle' | 'asking' | 'granted' | 'denied' | 'noDevice' | 'busy' | 'paused'

/** Why the devices could not be opened. */
export type DeviceCheckFailure = Extract<DeviceCheckPhase, 'denied' | 'noDevice' | 'busy'>

/** A camera or microphone to pick; `label` is empty until the site may use the devices (browsers hide names). */
export interface DeviceOption {
  id: string
  label: string
}

export interface DeviceCheckState {
  phase: DeviceCheckPhase
  /** What the Permissions API says, read without prompting. */
  permissions: Readonly<Record<DeviceKind, MediaPermissionState>>
  cameras: readonly DeviceOption[]
  microphones: readonly DeviceOption[]
  /** The devices in use (kept while paused, so the check reopens the same ones). */
  cameraId: string | null
  microphoneId: string | null
  /** The stream the self view shows (its video track is the camera in use). */
  preview: MediaStream | null
  /** The microphone's level, 0…1. */
  level: number
  /** A device being switched to. */
  switching: DeviceKind | null
  /** The device picked last could not be opened. */
  switchFailed: DeviceKind | null
}

export const INITIAL_DEVICE_CHECK: DeviceCheckState = {
  phase: 'idle',
  permissions: { camera: 'unknown', microphone: 'unknown' },
  cameras: [],
  microphones: [],
  cameraId: null,
  microphoneId: null,
  preview: null,
  level: 0,
  switching: null,
  switchFailed: null,
}

export type DeviceCheckEvent =
  | { type: 'permission'; name: DeviceKind; state: MediaPermissionState }
  | { type: 'asking' }
  | { type: 'opened'; preview: MediaStream; cameraId: string | null; microphoneId: string | null }
  | { type: 'failed'; failure: DeviceCheckFailure }
  | { type: 'devices'; cameras: readonly DeviceOption[]; microphones: readonly DeviceOption[] }
  | { type: 'switching'; kind: DeviceKind }
  /** `preview`: the camera's new stream (a camera switch); the microphone's keeps the preview as it is. */
  | { type: 'switched'; kind: DeviceKind; deviceId: string | null; preview?: MediaStream | null; failed: boolean }
  | { type: 'level'; level: number }
  | { type: 'paused' }

/**
 * Camera and microphone together, as the check shows them: blocked if either is, allowed when both
 * are, else whether the browser will ask.
 */
export function combinedPermission(permissions: DeviceCheckState['permissions']): MediaPermissionState {
  const { camera, microphone } = permissions
  if (camera === 'denied' || microphone === 'denied') return 'denied'
  if (camera === 'granted' && microphone === 'granted') return 'granted'
  if (camera === 'prompt' || microphone === 'prompt') return 'prompt'
  return 'unknown'
}

export function deviceCheckReducer(state: DeviceCheckState, event: DeviceCheckEvent): DeviceCheckState {
  switch (event.type) {
    case 'permission': {
      const permissions = { ...state.permissions, [event.name]: event.state }
      const before = combinedPermission(state.permissions)
      const after = combinedPermission(permissions)
      // Blocked before anything was asked: explain how to allow, rather than offer a request that
      // fails at once. Unblocked in the site settings: the check can start again.
      if (state.phase === 'idle' && after === 'denied') return { ...state, permissions, phase: 'denied' }
      if (state.phase === 'denied' && before === 'denied' && after !== 'denied') return { ...state, permissions, phase: 'idle' }
      return { ...state, permissions }
    }
    case 'asking':
      return { ...state, phase: 'asking', preview: null, level: 0, switching: null, switchFailed: null }
    case 'opened':
      return { ...state, phase: 'granted', preview: event.preview, cameraId: event.cameraId, microphoneId: event.microphoneId }
    case 'failed':
      return { ...state, phase: event.failure, preview: null, level: 0, switching: null }
    case 'devices':
      return { ...state, cameras: event.cameras, microphones: event.microphones }
    case 'switching':
      // The microphone in use is closed while another opens: its meter reads nothing meanwhile.
      return { ...state, switching: event.kind, switchFailed: null, level: event.kind === 'microphone' ? 0 : state.level }
    case 'switched': {
      const device = event.kind === 'camera' ? { cameraId: event.deviceId } : { microphoneId: event.deviceId }
      const preview = event.preview === undefined ? {} : { preview: event.preview }
      return { ...state, ...device, ...preview, switching: null, switchFailed: event.failed ? event.kind : null }
    }
    case 'level':
      return { ...state, level: event.level }
    case 'paused':
      return { ...state, phase: 'paused', preview: null, level: 0, switching: null }
  }
}

/**
 * Why a request failed. SPEC §6's probe (`probeMediaPermission` in @vchat/webrtc-call) answers denied
 * for the same errors and "unavailable" for the rest; the check tells the rest apart, so it can say
 * what to do: a device another app holds (`NotReadableError`; Firefox reports it as `AbortError`), or
 * no device at all (`NotFoundError`, `OverconstrainedError`, no media devices on this page).
 */
export function failureOf(error: unknown): DeviceCheckFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy'
  return 'noDevice'
}

/** The microphone's level, 0…1, from one read of samples (-1…1): their RMS on a decibel scale from METER_FLOOR_DB to 0 dBFS. */
export function levelOf(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0
    sum += sample * sample
  }
  const rms = Math.sqrt(sum / samples.length)
  if (rms === 0) return 0
  const decibels = 20 * Math.log10(rms)
  return Math.min(1, Math.max(0, (decibels - METER_FLOOR_DB) / -METER_FLOOR_DB))
}

/** The bar rises at once with a sound and falls slowly after it. */
export function smoothLevel(previous: number, next: number): number {
  return next >= previous ? next : Math.max(next, previous - METER_FALL_PER_READING)
}

/** The cameras and microphones of an `enumerateDevices()` answer (entries without an id are the browser hiding them). */
export function deviceOptions(devices: readonly MediaDeviceInfo[]): { cameras: DeviceOption[]; microphones: DeviceOption[] } {
  const of = (kind: MediaDeviceKind) => devices.filter((device) => device.kind === kind && device.deviceId !== '').map((device) => ({ id: device.deviceId, label: device.label }))
  return { cameras: of('videoinput'), microphones: of('audioinput') }
}

/**
 * What the check asks for. Both at once, as a call asks (SPEC §6 and §9: the microphone and the camera
 * at the call's sizes, `CAMERA_CONSTRAINTS`), on the devices picked before when there are some (ideal:
 * another one rather than nothing if one was unplugged meanwhile). A switch asks for one kind only,
 * on exactly the device picked.
 */
export function checkConstraints(selection: { cameraId: string | null; microphoneId: string | null }): MediaStreamConstraints {
  return {
    audio: selection.microphoneId ? { deviceId: { ideal: selection.microphoneId } } : true,
    video: selection.cameraId ? { ...CAMERA_CONSTRAINTS, deviceId: { ideal: selection.cameraId } } : CAMERA_CONSTRAINTS,
  }
}

function switchConstraints(kind: DeviceKind, deviceId: string): MediaStreamConstraints {
  return kind === 'camera' ? { video: { ...CAMERA_CONSTRAINTS, deviceId: { exact: deviceId } } } : { audio: { deviceId: { exact: deviceId } } }
}

const tracksOf = (stream: MediaStream | null, kind: DeviceKind): MediaStreamTrack[] =>
  stream ? (kind === 'camera' ? stream.getVideoTracks() : stream.getAudioTracks()) : []

function deviceIdOf(track: MediaStreamTrack | undefined): string | null {
  return track?.getSettings().deviceId || null
}

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop()
}

/** A running check: a small store of its state, and the user's actions. */
export interface DeviceCheckSession {
  getState(): DeviceCheckState
  /** Hears every change of state. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** "Check camera and microphone" and "Try again": asks for both (the browser may prompt). */
  start(): Promise<void>
  /** Opens the camera or microphone `deviceId` in place of the one in use; the other keeps running. */
  switchDevice(kind: DeviceKind, deviceId: string): Promise<void>
  /** The tab was hidden (everything is released) or shown again (a paused check opens again). */
  setVisible(visible: boolean): void
  /** The screen goes: everything is released and nothing is heard any more. */
  dispose(): void
}

/**
 * A check over `media`. It holds the camera's stream (the preview), the microphone's stream (the
 * meter; the same stream until one of them is switched) and the analyser, and releases them all at
 * once (every track stopped, the analyser's audio context closed) on a failure, when the tab is
 * hidden and when it is disposed: a device check never leaves the camera light on. A request still
 * on its way when that happens is stopped as soon as it arrives.
 */
export function createDeviceCheckSession({ media, clock }: { media: MediaDevicesService; clock: Clock }): DeviceCheckSession {
  let state = INITIAL_DEVICE_CHECK
  const listeners = new Set<() => void>()
  let camera: MediaStream | null = null
  let microphone: MediaStream | null = null
  let analyser: AudioAnalyser | null = null
  let meter: unknown = null
  /** Counts releases: an answer that arrives after one belongs to a check that is over. */
  let generation = 0
  let disposed = false

  const apply = (event: DeviceCheckEvent) => {
    const next = deviceCheckReducer(state, event)
    if (next === state) return
    state = next
    for (const listener of [...listeners]) listener()
  }

  function stopMeter(): void {
    if (meter !== null) clock.clearInterval(meter)
    meter = null
    analyser?.close()
    analyser = null
  }

  function startMeter(stream: MediaStream): void {
    stopMeter()
    const opened = media.openAnalyser(stream)
    if (!opened) return
    analyser = opened
    const read = () => {
      const level = smoothLevel(state.level, levelOf(opened.read()))
      // Only a change the meter shows (a whole percent) renders the screen again.
      if (Math.round(level * 100) !== Math.round(state.level * 100)) apply({ type: 'level', level })
    }
    read()
    meter = clock.setInterval(read, METER_INTERVAL_MS)
  }

  function release(): void {
    generation += 1
    stopMeter()
    for (const stream of [camera, microphone]) if (stream) stopAll(stream)
    camera = null
    microphone = null
  }

  async function refreshDevices(): Promise<void> {
    if (state.phase !== 'granted') return
    const mine = generation
    try {
      const devices = await media.enumerateDevices()
      if (mine === generation) apply({ type: 'devices', ...deviceOptions(devices) })
    } catch {
      // The lists stay as they were; the devices in use keep working.
    }
  }

  async function start(): Promise<void> {
    if (disposed) return
    release()
    const mine = generation
    apply({ type: 'asking' })
    let stream: MediaStream
    try {
      stream = await media.getUserMedia(checkConstraints(state))
    } catch (error) {
      if (mine === generation) apply({ type: 'failed', failure: failureOf(error) })
      return
    }
    if (mine !== generation) {
      stopAll(stream)
      return
    }
    camera = stream
    microphone = stream
    startMeter(stream)
    apply({ type: 'opened', preview: stream, cameraId: deviceIdOf(stream.getVideoTracks()[0]), microphoneId: deviceIdOf(stream.getAudioTracks()[0]) })
    await refreshDevices()
  }

  /** Puts a newly opened stream of one kind in place (the old one of that kind is already stopped). */
  function adopt(kind: DeviceKind, stream: MediaStream): void {
    if (kind === 'camera') camera = stream
    else {
      microphone = stream
      startMeter(stream)
    }
  }

  async function switchDevice(kind: DeviceKind, deviceId: string): Promise<void> {
    const current = kind === 'camera' ? state.cameraId : state.microphoneId
    if (state.phase !== 'granted' || state.switching !== null || deviceId === current) return
    const mine = generation
    apply({ type: 'switching', kind })
    // Only this kind's track is reopened, the other keeps running. The old one is stopped first: a
    // phone cannot open its second camera while the first is open.
    for (const track of tracksOf(kind === 'camera' ? camera : microphone, kind)) track.stop()
    if (kind === 'microphone') stopMeter()
    const open = async (id: string): Promise<MediaStream | null> => {
      try {
        const stream = await media.getUserMedia(switchConstraints(kind, id))
        if (mine === generation) return stream
        stopAll(stream)
      } catch {
        // Answered below: back to the device in use before, or none.
      }
      return null
    }
    // What failed to open falls back to the device in use before, so the check keeps showing something.
    let failed = false
    let stream = await open(deviceId)
    if (!stream && mine === generation && current) {
      failed = true
      stream = await open(current)
    }
    if (mine !== generation) return
    if (stream) adopt(kind, stream)
    const opened = deviceIdOf(tracksOf(stream, kind)[0]) ?? (stream ? (failed ? current : deviceId) : null)
    apply({ type: 'switched', kind, deviceId: opened, failed: failed || !stream, ...(kind === 'camera' ? { preview: stream } : {}) })
  }

  const unsubscribe = [
    media.watchPermission('camera', (permission) => onPermission('camera', permission)),
    media.watchPermission('microphone', (permission) => onPermission('microphone', permission)),
    media.onDeviceChange(() => void refreshDevices()),
  ]

  function onPermission(name: DeviceKind, permission: MediaPermissionState): void {
    apply({ type: 'permission', name, state: permission })
    // Blocked in the site settings while the check runs: the browser ends the tracks; say why.
    if (state.phase === 'granted' && combinedPermission(state.permissions) === 'denied') {
      release()
      apply({ type: 'failed', failure: 'denied' })
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    start,
    switchDevice,
    setVisible(visible) {
      if (disposed) return
      if (!visible && (state.phase === 'granted' || state.phase === 'asking')) {
        release()
        apply({ type: 'paused' })
      } else if (visible && state.phase === 'paused') void start()
    },
    dispose() {
      if (disposed) return
      disposed = true
      release()
      for (const stop of unsubscribe) stop()
      listeners.clear()
    },
  }
}
