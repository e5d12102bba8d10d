/** Debian's Chromium, never a downloaded browser; flags that keep it quiet on a closed network. */
export const CHROMIUM_PATH = process.env.VCHAT_CHROMIUM ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Calls need a camera and a microphone: Chromium's fake devices, permission granted. */
export const CHROMIUM_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']
