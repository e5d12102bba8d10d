import { describe, expect, it } from 'vitest'
import { CookieTooLargeError, createCookieStorage } from './cookieStorage'
import type { CookieDocument } from './cookieStorage'

/** A cookie jar with the document.cookie semantics we rely on (set one, read all). */
function fakeCookieDocument(): CookieDocument & { writes: string[] } {
  const jar = new Map<string, string>()
  const writes: string[] = []
  return {
    writes,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      writes.push(line)
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      jar.set(pair.slice(0, index), pair.slice(index + 1))
    },
  }
}

describe('createCookieStorage', () => {
  it('writes URL-encoded values that live about 73 000 days and reads them back', () => {
    const document = fakeCookieDocument()
    const storage = createCookieStorage({ document })
    storage.setItem('vchat_analytics', '{"distinct_id":"a; b=c"}')
    storage.setItem('other', 'x')
    expect(storage.getItem('vchat_analytics')).toBe('{"distinct_id":"a; b=c"}')
    expect(storage.getItem('missing')).toBeNull()
    expect(document.writes[0]).toContain(`max-age=${73_000 * 86_400}`)
    expect(document.writes[0]).toContain('path=/')
    expect(document.writes[0]).toContain('SameSite=Lax')
  })

  it('takes a domain, Secure and another lifetime', () => {
    const document = fakeCookieDocument()
    createCookieStorage({ document, domain: '.vidora.chat', secure: true, days: 1 }).setItem('k', 'v')
    expect(document.writes[0]).toBe('k=v; path=/; domain=.vidora.chat; max-age=86400; SameSite=Lax; Secure')
  })

  it('refuses a value too large for a cookie instead of letting the browser drop it', () => {
    const storage = createCookieStorage({ document: fakeCookieDocument() })
    expect(() => storage.setItem('k', 'x'.repeat(4_000))).toThrow(CookieTooLargeError)
  })

  it('reads a malformed value as nothing stored', () => {
    const storage = createCookieStorage({ document: { cookie: 'k=%E0%A4%A' } })
    expect(storage.getItem('k')).toBeNull()
  })
})
