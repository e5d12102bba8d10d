import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../test-utils/fakes'
import { createDeviceId } from './deviceId'
import type { DeviceIdProvider } from './deviceId'
import { createFingerprintProvider } from './fingerprintProvider'
import type { FingerprintLibrary } from './fingerprintProvider'

function provider(answer: () => Promise<string>): DeviceIdProvider & { calls: number } {
  const fake = {
    calls: 0,
    getDeviceId: () => {
      fake.calls += 1
      return answer()
    },
  }
  return fake
}

describe('createDeviceId', () => {
  it('computes the id once, stores it and reuses it on later page loads without the provider', async () => {
    const storage = createMemoryStorage()
    const fingerprint = provider(async () => 'fp-123')
    const first = createDeviceId({ provider: fingerprint, storage })
    expect(first.peek()).toBeNull()
    const [a, b] = await Promise.all([first.get(), first.get()])
    expect([a, b]).toEqual(['fp-123', 'fp-123'])
    expect(fingerprint.calls).toBe(1)
    expect(first.peek()).toBe('fp-123')

    const unused = provider(async () => 'other')
    const second = createDeviceId({ provider: unused, storage })
    expect(second.peek()).toBe('fp-123')
    expect(await second.get()).toBe('fp-123')
    expect(unused.calls).toBe(0)
  })

  it('falls back to a random id when the library fails, and keeps it', async () => {
    const storage = createMemoryStorage()
    const onError = vi.fn()
    const failing = provider(() => Promise.reject(new Error('canvas blocked')))
    const deviceId = createDeviceId({ provider: failing, storage, createId: () => 'random-1', onError })
    expect(await deviceId.get()).toBe('random-1')
    expect(onError).toHaveBeenCalledWith(new Error('canvas blocked'))
    expect(JSON.parse(storage.data.get('vchat_device_id') ?? '')).toEqual({ id: 'random-1', source: 'random' })
    expect(await createDeviceId({ provider: failing, storage }).get()).toBe('random-1')
    expect(failing.calls).toBe(1)
  })

  it('an id adopted while the fingerprint still runs stays the device id, now and on later page loads', async () => {
    const storage = createMemoryStorage()
    let answer: (id: string) => void = () => {}
    const slow = provider(() => new Promise<string>((resolve) => (answer = resolve)))
    const deviceId = createDeviceId({ provider: slow, storage })
    const computing = deviceId.get()
    // A first request could not wait and went with this id.
    deviceId.adopt('sent-first')
    expect(deviceId.peek()).toBe('sent-first')
    answer('fp-late')
    expect(await computing).toBe('sent-first')
    expect(await deviceId.get()).toBe('sent-first')
    expect(JSON.parse(storage.data.get('vchat_device_id') ?? '')).toEqual({ id: 'sent-first', source: 'random' })
    expect(await createDeviceId({ provider: provider(async () => 'fp-late'), storage }).get()).toBe('sent-first')
  })

  it('adopting changes nothing once an id is known, and an empty id is never adopted', async () => {
    const storage = createMemoryStorage()
    const deviceId = createDeviceId({ provider: provider(async () => 'fp-1'), storage })
    deviceId.adopt('')
    expect(deviceId.peek()).toBeNull()
    expect(await deviceId.get()).toBe('fp-1')
    deviceId.adopt('other')
    expect(deviceId.peek()).toBe('fp-1')
    expect(JSON.parse(storage.data.get('vchat_device_id') ?? '')).toEqual({ id: 'fp-1', source: 'fingerprint' })
  })

  it('treats an empty answer as a failure', async () => {
    const deviceId = createDeviceId({
      provider: provider(async () => ''),
      storage: createMemoryStorage(),
      createId: () => 'random-2',
    })
    expect(await deviceId.get()).toBe('random-2')
  })

  it('still answers when storage fails', async () => {
    const onError = vi.fn()
    const deviceId = createDeviceId({
      provider: provider(async () => 'fp'),
      storage: {
        getItem: () => {
          throw new Error('SecurityError')
        },
        setItem: () => {
          throw new Error('SecurityError')
        },
      },
      onError,
    })
    expect(await deviceId.get()).toBe('fp')
    expect(onError).toHaveBeenCalledWith(new Error('SecurityError'))
  })
})

describe('createFingerprintProvider', () => {
  it('loads the library only when asked, without its statistics request, and answers its visitor id', async () => {
    const load = vi.fn<FingerprintLibrary['load']>(async () => ({ get: async () => ({ visitorId: 'v-1' }) }))
    const loadLibrary = vi.fn(async (): Promise<FingerprintLibrary> => ({ load }))
    const fingerprint = createFingerprintProvider({ loadLibrary })
    expect(loadLibrary).not.toHaveBeenCalled()
    expect(await fingerprint.getDeviceId()).toBe('v-1')
    expect(load).toHaveBeenCalledWith({ monitoring: false })
  })
})
