import { nanoid } from 'nanoid'
import { DEVICE_ID_STORAGE_KEY } from '../constants'
import type { KeyValueStorage } from '../types'

/** Computes a device identifier (a browser fingerprint). The real one loads its library lazily. */
export interface DeviceIdProvider {
  getDeviceId(): Promise<string>
}

export interface DeviceIdOptions {
  provider: DeviceIdProvider
  storage: KeyValueStorage
  storageKey?: string
  /**
   * Fallback when the provider fails; defaults to nanoid (21 URL-safe characters), which works outside
   * secure contexts too (`crypto.randomUUID` exists only on https and localhost).
   */
  createId?: () => string
  onError?: (error: unknown) => void
}

/** Where the stored id came from. */
export type DeviceIdSource = 'fingerprint' | 'random'

export interface DeviceId {
  /**
   * The stored id; the first call without one asks the provider once and stores the answer (a
   * random id when the provider fails). Concurrent calls share one computation. Never rejects.
   */
  get(): Promise<string>
  /** The stored id without computing one (for building a request synchronously), or null. */
  peek(): string | null
  /**
   * Adopts `id` as this device's id when none is known yet, and stores it: the caller has already sent
   * it (a first request that could not wait for the fingerprint). A computation still running keeps its
   * answer to itself, so every later request, and every later page load, sends the same id.
   */
  adopt(id: string): void
}

interface StoredDeviceId {
  id: string
  source: DeviceIdSource
}

function read(storage: KeyValueStorage, key: string): StoredDeviceId | null {
  try {
    const raw = storage.getItem(key)
    if (raw === null) return null
    const parsed = JSON.parse(raw) as Partial<StoredDeviceId> | null
    if (typeof parsed?.id !== 'string' || parsed.id === '') return null
    return { id: parsed.id, source: parsed.source === 'random' ? 'random' : 'fingerprint' }
  } catch {
    return null
  }
}

/**
 * The device id of SPEC §7 (deviceInfo.androidId): computed once by the fingerprint provider, then
 * stored locally and reused, so the library is not needed on later page loads.
 */
export function createDeviceId(options: DeviceIdOptions): DeviceId {
  const key = options.storageKey ?? DEVICE_ID_STORAGE_KEY
  const createId = options.createId ?? (() => nanoid())
  let current = read(options.storage, key)
  let computing: Promise<string> | null = null

  async function compute(): Promise<string> {
    let next: StoredDeviceId
    try {
      const id = await options.provider.getDeviceId()
      if (id === '') throw new Error('the fingerprint provider returned an empty id')
      next = { id, source: 'fingerprint' }
    } catch (error) {
      options.onError?.(error)
      next = { id: createId(), source: 'random' }
    }
    // An id adopted meanwhile was already sent: it stays, the late answer is dropped.
    if (current) return current.id
    store(next)
    return next.id
  }

  function store(next: StoredDeviceId): void {
    current = next
    try {
      options.storage.setItem(key, JSON.stringify(next))
    } catch (error) {
      options.onError?.(error)
    }
  }

  return {
    get() {
      if (current) return Promise.resolve(current.id)
      computing ??= compute().finally(() => {
        computing = null
      })
      return computing
    },
    peek: () => current?.id ?? null,
    adopt(id) {
      if (!current && id !== '') store({ id, source: 'random' })
    },
  }
}
