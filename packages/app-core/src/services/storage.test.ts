import { afterEach, describe, expect, it } from 'vitest'
import { createStorage } from './storage'

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('createStorage', () => {
  it('stores JSON under one key in localStorage', () => {
    const storage = createStorage<{ lang: string }>('local', 'settings')
    storage.set({ lang: 'ar' })
    expect(localStorage.getItem('settings')).toBe('{"lang":"ar"}')
    expect(storage.get()).toEqual({ lang: 'ar' })
  })

  it('uses sessionStorage for the session kind and removes the key', () => {
    const storage = createStorage<number>('session', 'count')
    storage.set(3)
    expect(sessionStorage.getItem('count')).toBe('3')
    expect(localStorage.getItem('count')).toBeNull()
    storage.remove()
    expect(storage.get()).toBeNull()
  })

  it('returns null when nothing is stored', () => {
    expect(createStorage('local', 'missing').get()).toBeNull()
  })

  it('returns null when the stored text is not JSON', () => {
    localStorage.setItem('broken', '{not json')
    expect(createStorage('local', 'broken').get()).toBeNull()
  })

  it('returns null when reading throws (storage access denied)', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    } as unknown as Storage
    expect(createStorage('local', 'k', () => throwing).get()).toBeNull()
  })

  it('ignores a write failure such as quota exceeded', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    } as unknown as Storage
    expect(() => createStorage('local', 'k', () => full).set('x')).not.toThrow()
  })

  it('returns null when no storage exists', () => {
    expect(createStorage('local', 'k', () => undefined).get()).toBeNull()
  })
})
