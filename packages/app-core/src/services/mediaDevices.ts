import type { MediaDevicesService } from './types'

/** Samples per analyser read: 1024 at 48 kHz is about 21 ms of sound, plenty for a level. */
const ANALYSER_FFT_SIZE = 1024

/**
 * The browser's camera and microphone (`navigator.mediaDevices`, the Permissions API, Web Audio). Loaded
 * on first use through the services container (`createLazyMedia`): the call runtime and the device
 * check use it, the landing page never does.
 */
export function createMediaDevices(): MediaDevicesService {
  // Read on each use: absent on an insecure page or in an old browser (then nothing can be opened).
  const devices = (): MediaDevices | undefined => globalThis.navigator?.mediaDevices
  return {
    getUserMedia: async (constraints) => {
      const media = devices()
      // The same error a browser gives when it finds no device, so callers need one path.
      if (!media) throw new DOMException('No camera or microphone is available here', 'NotFoundError')
      return media.getUserMedia(constraints)
    },
    enumerateDevices: async () => (await devices()?.enumerateDevices()) ?? [],
    onDeviceChange(listener) {
      const media = devices()
      media?.addEventListener('devicechange', listener)
      return () => media?.removeEventListener('devicechange', listener)
    },
    watchPermission(name, listener) {
      let status: PermissionStatus | null = null
      let stopped = false
      const report = () => {
        if (status && !stopped) listener(status.state)
      }
      // Some browsers have no Permissions API, or do not know these names: they reject or throw.
      Promise.resolve()
        .then(() => globalThis.navigator.permissions.query({ name }))
        .then(
          (answer) => {
            status = answer
            answer.addEventListener('change', report)
            report()
          },
          () => {
            if (!stopped) listener('unknown')
          },
        )
      return () => {
        stopped = true
        status?.removeEventListener('change', report)
      }
    },
    openAnalyser(stream) {
      if (typeof AudioContext === 'undefined' || stream.getAudioTracks().length === 0) return null
      const context = new AudioContext()
      const source = context.createMediaStreamSource(stream)
      const analyser = context.createAnalyser()
      analyser.fftSize = ANALYSER_FFT_SIZE
      source.connect(analyser)
      // A context made outside a click may start suspended; the page already holds the microphone.
      context.resume().catch(() => undefined)
      const samples = new Float32Array(analyser.fftSize)
      return {
        read() {
          analyser.getFloatTimeDomainData(samples)
          return samples
        },
        close() {
          source.disconnect()
          context.close().catch(() => undefined)
        },
      }
    },
  }
}
