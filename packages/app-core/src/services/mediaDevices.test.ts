import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MediaPermissionState } from './types'
import { createMediaDevices } from './mediaDevices'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A PermissionStatus as the browser gives it: a state, and `change` events when the site setting changes. */
function permissionStatus(state: PermissionState) {
  const status = Object.assign(new EventTarget(), { state })
  return {
    status,
    change(next: PermissionState) {
      status.state = next
      status.dispatchEvent(new Event('change'))
    },
  }
}

describe('the browser media devices', () => {
  it('where the page has no media devices: nothing opens, nothing is listed, permissions are unknown', async () => {
    vi.stubGlobal('navigator', {})
    const media = createMediaDevices()
    await expect(media.getUserMedia({ audio: true })).rejects.toMatchObject({ name: 'NotFoundError' })
    await expect(media.enumerateDevices()).resolves.toEqual([])
    expect(typeof media.onDeviceChange(() => {})).toBe('function')
    const states: MediaPermissionState[] = []
    media.watchPermission('camera', (state) => states.push(state))
    await vi.waitFor(() => expect(states).toEqual(['unknown']))
  })

  it('asks the browser, hears device changes until unsubscribed, and follows a permission until unsubscribed', async () => {
    const devices = Object.assign(new EventTarget(), {
      getUserMedia: vi.fn(async () => ({ id: 'stream' }) as unknown as MediaStream),
      enumerateDevices: vi.fn(async () => [{ kind: 'videoinput', deviceId: 'c1', label: 'Front', groupId: '' }]),
    })
    const camera = permissionStatus('prompt')
    const query = vi.fn(async () => camera.status)
    vi.stubGlobal('navigator', { mediaDevices: devices, permissions: { query } })
    const media = createMediaDevices()

    await media.getUserMedia({ audio: true, video: true })
    expect(devices.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true })
    expect(await media.enumerateDevices()).toHaveLength(1)

    const changed = vi.fn()
    const stopListening = media.onDeviceChange(changed)
    devices.dispatchEvent(new Event('devicechange'))
    stopListening()
    devices.dispatchEvent(new Event('devicechange'))
    expect(changed).toHaveBeenCalledTimes(1)

    const states: MediaPermissionState[] = []
    const stopWatching = media.watchPermission('camera', (state) => states.push(state))
    await vi.waitFor(() => expect(states).toEqual(['prompt']))
    expect(query).toHaveBeenCalledWith({ name: 'camera' })
    camera.change('granted')
    stopWatching()
    camera.change('denied')
    expect(states).toEqual(['prompt', 'granted'])
  })

  it('reads the microphone through an analyser and closes its audio context', () => {
    const close = vi.fn(async () => {})
    const disconnect = vi.fn()
    class FakeAudioContext {
      createMediaStreamSource() {
        return { connect: () => {}, disconnect }
      }
      createAnalyser() {
        return {
          fftSize: 2048,
          getFloatTimeDomainData(samples: Float32Array) {
            samples.fill(0.5)
          },
        }
      }
      resume = async () => {}
      close = close
    }
    vi.stubGlobal('AudioContext', FakeAudioContext)
    const media = createMediaDevices()
    const silent = { getAudioTracks: () => [] } as unknown as MediaStream
    expect(media.openAnalyser(silent)).toBeNull()
    const analyser = media.openAnalyser({ getAudioTracks: () => [{ kind: 'audio' }] } as unknown as MediaStream)
    expect(analyser?.read()).toHaveLength(1024)
    expect(analyser?.read()[0]).toBe(0.5)
    analyser?.close()
    expect(disconnect).toHaveBeenCalled()
    expect(close).toHaveBeenCalled()
  })
})
