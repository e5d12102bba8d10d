import type { MediaDevicesLike } from '@vchat/webrtc-call'
import type { CallsService } from '../../services/types'
import { fakeHub } from '../../testing/fakeHub'
import type { FakeHub } from '../../testing/fakeHub'
import { createCallRuntime } from './callRuntime'
import type { CallRuntime } from './callRuntime'

/**
 * For the call screens' tests: the real call runtime over a fake hub, with a camera that never
 * answers (the tests look at what is asked of the hub and shown, not at media).
 */
export function hubAndCalls(): FakeHub & { calls: CallsService } {
  const hub = fakeHub()
  const media: MediaDevicesLike = { getUserMedia: () => new Promise(() => {}) }
  let current: CallRuntime | null = null
  const calls: CallsService = {
    preload: async () => {},
    async open({ transport: bound, ...binding }) {
      if (!bound) return null
      current ??= createCallRuntime({ ...binding, transport: bound, media })
      return current
    },
    current: () => current,
  }
  return { ...hub, calls }
}
