import { describe, expect, it } from 'vitest'
import { anchorJidOf, bareJid, isAnchorJid, jidLocal, uidOfJid } from './jid.ts'

describe('uidOfJid', () => {
  it('takes the part after the underscore of the local part', () => {
    expect(uidOfJid('user_100001@localhost')).toBe('100001')
    expect(uidOfJid('anchor_200001@localhost')).toBe('200001')
  })

  it('ignores the resource and the domain', () => {
    expect(uidOfJid('user_264457002@vidora.chat/web_fachat')).toBe('264457002')
    expect(uidOfJid('user_7@my_domain.example')).toBe('7')
  })

  it('keeps later underscores in the uid', () => {
    expect(uidOfJid('user_12_34@localhost')).toBe('12_34')
  })

  it('accepts a bare local part', () => {
    expect(uidOfJid('user_42')).toBe('42')
  })

  it('returns an empty string when there is no underscore', () => {
    expect(uidOfJid('admin@localhost')).toBe('')
    expect(uidOfJid('')).toBe('')
  })
})

describe('isAnchorJid', () => {
  it('recognises anchors by the jid', () => {
    expect(isAnchorJid('anchor_200001@localhost')).toBe(true)
    expect(isAnchorJid('user_100001@localhost')).toBe(false)
  })
})

describe('jidLocal and bareJid', () => {
  it('read the local part and drop the resource', () => {
    expect(jidLocal('user_100001@localhost/web_fachat')).toBe('user_100001')
    expect(jidLocal('user_100001/web_fachat')).toBe('user_100001')
    expect(bareJid('user_100001@localhost/web_fachat')).toBe('user_100001@localhost')
    expect(bareJid('user_100001@localhost')).toBe('user_100001@localhost')
  })

  it('anchorJidOf writes the host jid that uidOfJid reads back', () => {
    expect(anchorJidOf('200001', 'localhost')).toBe('anchor_200001@localhost')
    expect(uidOfJid(anchorJidOf('200001', 'localhost'))).toBe('200001')
  })
})
