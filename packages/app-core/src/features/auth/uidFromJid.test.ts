import { describe, expect, it } from 'vitest'
import { isAnchorJid, uidFromJid } from './uidFromJid'

describe('uidFromJid', () => {
  it('takes the part after the underscore of the local part', () => {
    expect(uidFromJid('user_100001@localhost')).toBe('100001')
    expect(uidFromJid('anchor_200001@localhost')).toBe('200001')
  })

  it('ignores the resource and the domain', () => {
    expect(uidFromJid('user_264457002@vidora.chat/web_fachat')).toBe('264457002')
    expect(uidFromJid('user_7@my_domain.example')).toBe('7')
  })

  it('keeps later underscores in the uid', () => {
    expect(uidFromJid('user_12_34@localhost')).toBe('12_34')
  })

  it('accepts a bare local part', () => {
    expect(uidFromJid('user_42')).toBe('42')
  })

  it('returns an empty string when there is no underscore', () => {
    expect(uidFromJid('admin@localhost')).toBe('')
    expect(uidFromJid('')).toBe('')
  })
})

describe('isAnchorJid', () => {
  it('recognises anchors by the jid', () => {
    expect(isAnchorJid('anchor_200001@localhost')).toBe(true)
    expect(isAnchorJid('user_100001@localhost')).toBe(false)
  })
})
