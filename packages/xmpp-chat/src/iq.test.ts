import { xml } from '@xmpp/client'
import { describe, expect, it } from 'vitest'
import { buildGiftBuyIq, getVCard, parseVCard } from './iq.ts'
import type { ChatSession, XmlElement } from './types.ts'
import { NS_GIFT, NS_VCARD } from './wire.ts'

function vcard(...children: XmlElement[]): XmlElement {
  return xml('vCard', { xmlns: NS_VCARD }, ...children)
}
const el = (name: string, ...children: Array<XmlElement | string>) => xml(name, {}, ...children)

describe('parseVCard', () => {
  it('maps every user card field of SPEC §3', () => {
    const card = parseVCard(
      'anchor_200001@localhost/web_fachat',
      vcard(
        el('FN', 'Mia Rossi'),
        el('NICKNAME', 'Mia'),
        el('TEL', el('NUMBER', '+39 123')),
        el('EMAIL', el('USERID', 'mia@example.com')),
        el('PHOTO', el('EXTVAL', 'https://img/mia.jpg')),
        el('BDAY', '1999-04-01'),
        el('ADR', el('LOCALITY', 'Rome'), el('CTRY', 'IT')),
        el('DESC', 'Hello <there>'),
        el('X-LANG', 'it'),
        el('X-GENDER', 'female'),
        el('X-VIDEOS', '["https://v/1.mp4"]'),
        el('X-ALBUMS', '[{"url":"https://img/a.jpg"}]'),
      ),
    )
    expect(card).toEqual({
      uid: '200001',
      jid: 'anchor_200001@localhost',
      fn: 'Mia Rossi',
      nickName: 'Mia',
      tel: '+39 123',
      email: 'mia@example.com',
      avatarUrl: 'https://img/mia.jpg',
      bDay: '1999-04-01',
      address: 'Rome',
      deviceCountry: 'IT',
      about: 'Hello <there>',
      lang: 'it',
      gender: 'female',
      videos: ['https://v/1.mp4'],
      albums: [{ url: 'https://img/a.jpg' }],
    })
  })

  it('leaves out empty fields and malformed lists; no vCard gives uid and jid only', () => {
    expect(parseVCard('user_100002@localhost', vcard(el('FN', '  '), el('X-VIDEOS', 'not json'), el('X-ALBUMS', '{"a":1}')))).toEqual({
      uid: '100002',
      jid: 'user_100002@localhost',
    })
    expect(parseVCard('user_100002@localhost', undefined)).toEqual({ uid: '100002', jid: 'user_100002@localhost' })
  })
})

describe('getVCard', () => {
  it('asks the bare jid with a vcard-temp get', async () => {
    const requests: XmlElement[] = []
    const session = {
      request: async (iq: XmlElement) => {
        requests.push(iq)
        return xml('iq', { type: 'result' }, vcard(el('NICKNAME', 'Mia')))
      },
    } as unknown as ChatSession
    expect(await getVCard(session, 'anchor_200001@localhost/x')).toEqual({ uid: '200001', jid: 'anchor_200001@localhost', nickName: 'Mia' })
    expect(requests[0]?.attrs).toMatchObject({ type: 'get', to: 'anchor_200001@localhost' })
    expect(requests[0]?.getChild('vCard', NS_VCARD)).toBeDefined()
  })
})

describe('buildGiftBuyIq', () => {
  it('is a set to the gift component with to (bare), gift and price', () => {
    const iq = buildGiftBuyIq('gift.localhost', { to: 'anchor_200001@localhost/web_fachat', gift: 'rose', price: 50 })
    expect(iq.attrs).toMatchObject({ type: 'set', to: 'gift.localhost' })
    expect(iq.getChild('giftBuy', NS_GIFT)?.attrs).toEqual({ xmlns: NS_GIFT, to: 'anchor_200001@localhost', gift: 'rose', price: '50' })
  })
})
