import { CAMERA_CONSTRAINTS, probeMediaPermission } from '@vchat/webrtc-call'
import { describe, expect, it, vi } from 'vitest'
import type { MediaDevicesService } from '../../services/types'
import { fakeMediaDevices } from '../../testing/fakeMedia'
import type { FakeMediaDevices, FakeMediaOptions } from '../../testing/fakeMedia'
import { manualClock } from '../../testing/fakeServices'
import {
  INITIAL_DEVICE_CHECK,
  METER_INTERVAL_MS,
  checkConstraints,
  combinedPermission,
  createDeviceCheckSession,
  deviceCheckReducer,
  deviceOptions,
  failureOf,
  levelOf,
  smoothLevel,
} from './deviceCheck'
import type { DeviceCheckState } from './deviceCheck'

const refusal = (name: string) => Object.assign(new Error(`refused: ${name}`), { name })

/** A promise the test settles itself: an answer still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

function session(options: FakeMediaOptions = {}, media: FakeMediaDevices = fakeMediaDevices(options), service: MediaDevicesService = media) {
  const clock = manualClock()
  const check = createDeviceCheckSession({ media: service, clock })
  return { check, media, clock }
}

describe('the microphone level', () => {
  it('is 0 for silence and rises with loudness on a decibel scale, up to 1 at full scale', () => {
    expect(levelOf([])).toBe(0)
    expect(levelOf(new Float32Array(128))).toBe(0)
    // -60 dBFS (the meter's floor) and below read empty; -40 dBFS a third; -20 two thirds; 0 dBFS full.
    expect(levelOf(new Float32Array(128).fill(0.0005))).toBe(0)
    expect(levelOf(new Float32Array(128).fill(0.01))).toBeCloseTo(1 / 3, 5)
    expect(levelOf(new Float32Array(128).fill(-0.1))).toBeCloseTo(2 / 3, 5)
    expect(levelOf(new Float32Array(128).fill(1))).toBe(1)
  })

  it('rises at once and falls a little per reading', () => {
    expect(smoothLevel(0.2, 0.9)).toBe(0.9)
    expect(smoothLevel(0.9, 0)).toBeCloseTo(0.82, 5)
    expect(smoothLevel(0.9, 0.85)).toBe(0.85)
  })
})

describe('why a request failed', () => {
  it('tells blocked, in use and no device apart', () => {
    expect(failureOf(refusal('NotAllowedError'))).toBe('denied')
    expect(failureOf(refusal('SecurityError'))).toBe('denied')
    expect(failureOf(refusal('NotReadableError'))).toBe('busy')
    expect(failureOf(refusal('AbortError'))).toBe('busy')
    expect(failureOf(refusal('NotFoundError'))).toBe('noDevice')
    expect(failureOf(refusal('OverconstrainedError'))).toBe('noDevice')
    expect(failureOf(new TypeError('mediaDevices is undefined'))).toBe('noDevice')
    expect(failureOf('nothing useful')).toBe('noDevice')
  })

  it("says denied exactly when SPEC §6's probe does, and refines only its 'unavailable'", async () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'NotFoundError', 'NotReadableError', 'AbortError', 'OverconstrainedError', 'TypeError']) {
      const probe = await probeMediaPermission({ getUserMedia: () => Promise.reject(refusal(name)) })
      expect(failureOf(refusal(name)) === 'denied', name).toBe(probe === 'denied')
    }
  })
})

describe('the check as a state machine', () => {
  const withPermissions = (state: DeviceCheckState, camera: DeviceCheckState['permissions']['camera'], microphone = camera): DeviceCheckState => ({ ...state, permissions: { camera, microphone } })

  it('reads both permissions as one', () => {
    expect(combinedPermission({ camera: 'granted', microphone: 'granted' })).toBe('granted')
    expect(combinedPermission({ camera: 'granted', microphone: 'denied' })).toBe('denied')
    expect(combinedPermission({ camera: 'prompt', microphone: 'granted' })).toBe('prompt')
    expect(combinedPermission({ camera: 'unknown', microphone: 'granted' })).toBe('unknown')
  })

  it('explains a block found before asking, and offers the check again once the site settings allow it', () => {
    const blocked = deviceCheckReducer(withPermissions(INITIAL_DEVICE_CHECK, 'prompt'), { type: 'permission', name: 'camera', state: 'denied' })
    expect(blocked.phase).toBe('denied')
    const unblocked = deviceCheckReducer(blocked, { type: 'permission', name: 'camera', state: 'prompt' })
    expect(unblocked.phase).toBe('idle')
  })

  it('stays denied after a prompt was dismissed (the permission itself did not change)', () => {
    const dismissed = deviceCheckReducer(withPermissions({ ...INITIAL_DEVICE_CHECK, phase: 'asking' }, 'prompt'), { type: 'failed', failure: 'denied' })
    expect(deviceCheckReducer(dismissed, { type: 'permission', name: 'camera', state: 'prompt' }).phase).toBe('denied')
  })

  it('lists cameras and microphones, leaving out entries the browser hides', () => {
    const device = (kind: MediaDeviceKind, deviceId: string, label: string): MediaDeviceInfo => ({ kind, deviceId, label, groupId: '', toJSON: () => ({}) })
    expect(deviceOptions([device('videoinput', 'c1', 'Front'), device('audioinput', 'm1', 'Mic'), device('audiooutput', 's1', 'Speaker'), device('videoinput', '', '')])).toEqual({
      cameras: [{ id: 'c1', label: 'Front' }],
      microphones: [{ id: 'm1', label: 'Mic' }],
    })
  })

  it('asks for both as a call does, on the devices picked before when there are some', () => {
    expect(checkConstraints({ cameraId: null, microphoneId: null })).toEqual({ audio: true, video: CAMERA_CONSTRAINTS })
    expect(checkConstraints({ cameraId: 'c2', microphoneId: 'm1' })).toEqual({ audio: { deviceId: { ideal: 'm1' } }, video: { ...CAMERA_CONSTRAINTS, deviceId: { ideal: 'c2' } } })
  })
})

describe('a check session', () => {
  it('opens both devices at once: preview, level and the named devices', async () => {
    const { check, media, clock } = session({ amplitude: 0.3 })
    await check.start()
    const state = check.getState()
    expect(state.phase).toBe('granted')
    expect(media.requests).toEqual([{ audio: true, video: CAMERA_CONSTRAINTS }])
    expect(state.preview?.getVideoTracks()).toHaveLength(1)
    expect(state.cameraId).toBe('camera-1')
    expect(state.microphoneId).toBe('microphone-1')
    expect(state.cameras.map((camera) => camera.label)).toEqual(['Front camera', 'Back camera'])
    expect(state.microphones.map((microphone) => microphone.label)).toEqual(['Built-in microphone'])
    // A sine of peak 0.3 is about -13.5 dBFS.
    expect(state.level).toBeCloseTo(0.775, 2)
    clock.tick(METER_INTERVAL_MS * 5)
    expect(check.getState().level).toBeCloseTo(0.775, 2)
  })

  it('says why it could not: blocked, no device, in use', async () => {
    for (const [answer, phase] of [['NotAllowedError', 'denied'], ['NotFoundError', 'noDevice'], ['NotReadableError', 'busy']] as const) {
      const { check, media } = session({ answer })
      await check.start()
      expect(check.getState().phase, answer).toBe(phase)
      expect(media.tracks).toEqual([])
    }
  })

  it('stops a stream that arrives after the check was closed', async () => {
    const media = fakeMediaDevices()
    const answer = deferred<MediaStream>()
    const late = await media.getUserMedia({ audio: true, video: true })
    const { check } = session({}, media, { ...media, getUserMedia: () => answer.promise })
    const started = check.start()
    check.dispose()
    answer.resolve(late)
    await started
    expect(media.tracks.map((track) => track.readyState)).toEqual(['ended', 'ended'])
  })

  it('releases everything while the tab is hidden and opens the same devices again when shown', async () => {
    const { check, media } = session()
    await check.start()
    await check.switchDevice('camera', 'camera-2')
    check.setVisible(false)
    expect(check.getState().phase).toBe('paused')
    expect(media.tracks.every((track) => track.readyState === 'ended')).toBe(true)
    expect(media.analysers.every((analyser) => analyser.closed)).toBe(true)
    check.setVisible(true)
    await vi.waitFor(() => expect(check.getState().phase).toBe('granted'))
    expect(media.requests.at(-1)).toEqual({ audio: { deviceId: { ideal: 'microphone-1' } }, video: { ...CAMERA_CONSTRAINTS, deviceId: { ideal: 'camera-2' } } })
    expect(check.getState().cameraId).toBe('camera-2')
  })

  it('switches the microphone alone: the camera keeps running and the meter follows the new one', async () => {
    const { check, media } = session({ microphones: 2 })
    await check.start()
    const [firstMicrophone, firstCamera] = media.tracks
    await check.switchDevice('microphone', 'microphone-2')
    expect(media.requests.at(-1)).toEqual({ audio: { deviceId: { exact: 'microphone-2' } } })
    expect(firstMicrophone?.readyState).toBe('ended')
    expect(firstCamera?.readyState).toBe('live')
    expect(media.analysers.map((analyser) => analyser.closed)).toEqual([true, false])
    expect(check.getState()).toMatchObject({ microphoneId: 'microphone-2', switching: null, switchFailed: null })
  })

  it('goes back to the camera in use when the one picked cannot be opened', async () => {
    const media = fakeMediaDevices()
    let refuseNext = false
    const { check } = session({}, media, {
      ...media,
      getUserMedia: (constraints) => {
        if (!refuseNext) return media.getUserMedia(constraints)
        refuseNext = false
        return Promise.reject(refusal('NotReadableError'))
      },
    })
    await check.start()
    refuseNext = true
    await check.switchDevice('camera', 'camera-2')
    expect(check.getState()).toMatchObject({ phase: 'granted', cameraId: 'camera-1', switchFailed: 'camera' })
    expect(check.getState().preview?.getVideoTracks()[0]?.readyState).toBe('live')
  })

  it('is released and says so when the site is blocked while it runs', async () => {
    const { check, media } = session({ permission: 'granted' })
    await vi.waitFor(() => expect(check.getState().permissions).toEqual({ camera: 'granted', microphone: 'granted' }))
    await check.start()
    media.setPermission('camera', 'denied')
    expect(check.getState().phase).toBe('denied')
    expect(media.tracks.every((track) => track.readyState === 'ended')).toBe(true)
  })

  it('follows devices plugged in while it runs', async () => {
    const { check, media } = session({ cameras: 1 })
    await check.start()
    expect(check.getState().cameras).toHaveLength(1)
    media.setDevices({ cameras: 2, microphones: 1 })
    await vi.waitFor(() => expect(check.getState().cameras).toHaveLength(2))
  })
})
