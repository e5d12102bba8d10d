import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { signedInState } from '../../testing/accountTestState'
import { fakeMediaDevices } from '../../testing/fakeMedia'
import type { FakeMediaOptions } from '../../testing/fakeMedia'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'

function openCheck(options: FakeMediaOptions = {}, signedIn = true) {
  const media = fakeMediaDevices(options)
  return renderApp({ path: '/test', services: fakeServices({ media }), preloadedState: signedIn ? signedInState() : {} }).then((app) => ({ ...app, media }))
}

async function startCheck() {
  fireEvent.click(await screen.findByRole('button', { name: 'Check camera and microphone' }))
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

afterEach(() => {
  // Back to jsdom's own (prototype) value.
  Reflect.deleteProperty(document, 'visibilityState')
})

describe('the camera and microphone check (/test)', () => {
  it('starts with the permission state and a start button, and asks nothing before the click', async () => {
    const { media } = await openCheck({ permission: 'prompt' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Camera & microphone check' })).toBeInstanceOf(HTMLElement)
    expect(await screen.findByText('Your browser will ask to use your camera and microphone. Choose Allow.')).toBeInstanceOf(HTMLElement)
    expect(screen.getByRole('button', { name: 'Check camera and microphone' })).toBeInstanceOf(HTMLButtonElement)
    expect(media.requests).toEqual([])
  })

  it('granted: shows the mirrored preview, the microphone meter and the pickers, and leads to the hosts', async () => {
    const { media, router } = await openCheck({ amplitude: 0.3 })
    await startCheck()
    expect(await screen.findByText("Your camera and microphone work. You're ready to call.")).toBeInstanceOf(HTMLElement)
    const preview = screen.getByLabelText('Your camera preview') as HTMLVideoElement & { srcObject: MediaStream | null }
    expect(preview.tagName).toBe('VIDEO')
    expect(preview.muted).toBe(true)
    expect(preview.srcObject?.getVideoTracks()[0]?.readyState).toBe('live')
    const meter = screen.getByRole('meter', { name: 'Microphone level' })
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(50)
    expect(meter.getAttribute('aria-valuemax')).toBe('100')
    const cameras = await screen.findByRole('combobox', { name: 'Camera' })
    expect(within(cameras).getAllByRole('option').map((option) => option.textContent)).toEqual(['Front camera', 'Back camera'])
    const microphones = screen.getByRole('combobox', { name: 'Microphone' })
    expect(within(microphones).getAllByRole('option').map((option) => option.textContent)).toEqual(['Built-in microphone'])
    expect(media.requests).toHaveLength(1)
    fireEvent.click(screen.getByRole('link', { name: 'Find someone to call' }))
    expect(router.state.location.pathname).toBe('/goddess')
  })

  it('denied: explains how to allow the camera and microphone, and tries again', async () => {
    const { media } = await openCheck({ answer: 'NotAllowedError' })
    await startCheck()
    expect(await screen.findByText('Camera and microphone are blocked')).toBeInstanceOf(HTMLElement)
    expect(screen.getByText('Tap the lock or settings icon next to the web address.')).toBeInstanceOf(HTMLElement)
    expect(screen.getByText('Open the site settings and set Camera and Microphone to Allow.')).toBeInstanceOf(HTMLElement)
    expect(screen.queryByRole('meter')).toBeNull()
    media.setAnswer('grant')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('meter', { name: 'Microphone level' })).toBeInstanceOf(HTMLElement)
  })

  it('blocked already (Permissions API): explains it at once, without a request that would fail', async () => {
    const { media } = await openCheck({ permission: 'denied', answer: 'NotAllowedError' })
    expect(await screen.findByText('Camera and microphone are blocked')).toBeInstanceOf(HTMLElement)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInstanceOf(HTMLButtonElement)
    expect(media.requests).toEqual([])
    // Allowed in the site settings meanwhile: the check is offered again.
    act(() => {
      media.setPermission('camera', 'granted')
      media.setPermission('microphone', 'granted')
    })
    expect(await screen.findByRole('button', { name: 'Check camera and microphone' })).toBeInstanceOf(HTMLButtonElement)
    expect(screen.getByText('Your camera and microphone are allowed on this site.')).toBeInstanceOf(HTMLElement)
  })

  it('no device, or a device in use by another app: says so', async () => {
    const none = await openCheck({ cameras: 0, microphones: 0 })
    await startCheck()
    expect(await screen.findByText('No camera or microphone found')).toBeInstanceOf(HTMLElement)
    none.unmount()
    await openCheck({ answer: 'NotReadableError' })
    await startCheck()
    expect(await screen.findByText('Your camera or microphone is in use')).toBeInstanceOf(HTMLElement)
    expect(screen.getByText(/Another app is using it/)).toBeInstanceOf(HTMLElement)
  })

  it('leaving the screen stops every track and closes the meter', async () => {
    const { media, unmount } = await openCheck()
    await startCheck()
    await screen.findByRole('meter')
    expect(media.tracks.map((track) => track.readyState)).toEqual(['live', 'live'])
    unmount()
    expect(media.tracks.map((track) => track.readyState)).toEqual(['ended', 'ended'])
    expect(media.analysers.every((analyser) => analyser.closed)).toBe(true)
  })

  it('a hidden tab releases the devices; shown again, the check opens them again', async () => {
    const { media } = await openCheck()
    await startCheck()
    await screen.findByRole('meter')
    setTabHidden(true)
    expect(media.tracks.every((track) => track.readyState === 'ended')).toBe(true)
    expect(media.analysers.every((analyser) => analyser.closed)).toBe(true)
    expect(screen.queryByRole('meter')).toBeNull()
    setTabHidden(false)
    expect(await screen.findByRole('meter')).toBeInstanceOf(HTMLElement)
    expect(media.requests).toHaveLength(2)
    expect(media.tracks.filter((track) => track.readyState === 'live')).toHaveLength(2)
  })

  it('switching the camera reopens only the camera', async () => {
    const { media } = await openCheck()
    await startCheck()
    const cameras = await screen.findByRole('combobox', { name: 'Camera' })
    const [microphone, frontCamera] = media.tracks
    fireEvent.change(cameras, { target: { value: 'camera-2' } })
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Camera' }) as HTMLSelectElement).value).toBe('camera-2'))
    expect(media.requests).toHaveLength(2)
    const switched = media.requests[1]!
    expect(switched.audio).toBeUndefined()
    expect(switched.video).toMatchObject({ deviceId: { exact: 'camera-2' } })
    expect(frontCamera?.readyState).toBe('ended')
    expect(microphone?.readyState).toBe('live')
    const preview = screen.getByLabelText('Your camera preview') as HTMLVideoElement & { srcObject: MediaStream | null }
    expect(preview.srcObject?.getVideoTracks()[0]).toBe(media.tracks[2])
    expect(media.tracks.filter((track) => track.readyState === 'live').map((track) => track.deviceId)).toEqual(['microphone-1', 'camera-2'])
  })

  it('a visitor has a way back and no link to the hosts', async () => {
    await openCheck({}, false)
    expect(await screen.findByRole('link', { name: 'Back' })).toBeInstanceOf(HTMLAnchorElement)
    expect(screen.queryByRole('link', { name: 'Find someone to call' })).toBeNull()
  })

  it('is reachable from the settings', async () => {
    const { router } = await renderApp({ path: '/settings', services: fakeServices({ media: fakeMediaDevices() }), preloadedState: signedInState() })
    fireEvent.click(await screen.findByRole('link', { name: 'Camera & microphone check' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Camera & microphone check' })).toBeInstanceOf(HTMLElement)
    expect(router.state.location.pathname).toBe('/test')
  })
})

describe('/videoview with no call', () => {
  it('leads to the device check instead of an empty call screen', async () => {
    const { router } = await renderApp({ path: '/videoview', preloadedState: signedInState() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Camera & microphone check' })).toBeInstanceOf(HTMLElement)
    expect(router.state.location.pathname).toBe('/test')
    expect(screen.queryByLabelText('Your video')).toBeNull()
  })
})
