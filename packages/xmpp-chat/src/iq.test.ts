import { xml } from '@xmpp/client'
import { describe, expect, it } from 'vitest'
import { buildGiftBuyIq, getLastActivity, getVCard, parseVCard } from './iq.ts'
import type { ChatSession, XmlElement } from './types.ts'
import { NS_GIFT, NS_LAST_ACTIVITY, NS_VCARD } from '@vchat/contract'

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

describe('getLastActivity', () => {
  const answering = (answer: () => Promise<XmlElement>) => {
    const requests: XmlElement[] = []
    const session = {
      request: async (iq: XmlElement) => {
        requests.push(iq)
        return answer()
      },
    } as unknown as ChatSession
    return { session, requests }
  }
  const seconds = (value: string) => async () => xml('iq', { type: 'result' }, xml('query', { xmlns: NS_LAST_ACTIVITY, seconds: value }))

  it('asks the bare jid; 0 seconds is online now, more is how long ago', async () => {
    const online = answering(seconds('0'))
    expect(await getLastActivity(online.session, 'user_100002@localhost/web')).toEqual({ state: 'online' })
    expect(online.requests[0]?.attrs).toMatchObject({ type: 'get', to: 'user_100002@localhost' })
    expect(online.requests[0]?.getChild('query', NS_LAST_ACTIVITY)).toBeDefined()
    expect(await getLastActivity(answering(seconds('903')).session, 'user_100002@localhost')).toEqual({ state: 'seen', secondsAgo: 903 })
  })

  it('a forbidden answer is hidden; any other failure or an unreadable answer is unknown', async () => {
    const refused = (condition: string) => async () => {
      throw Object.assign(new Error(condition), { condition })
    }
    expect(await getLastActivity(answering(refused('forbidden')).session, 'user_1@localhost')).toEqual({ state: 'hidden' })
    expect(await getLastActivity(answering(refused('item-not-found')).session, 'user_1@localhost')).toEqual({ state: 'unknown' })
    expect(await getLastActivity(answering(refused('timeout')).session, 'user_1@localhost')).toEqual({ state: 'unknown' })
    for (const bad of ['-5', '1.5', 'soon', '', '99999999999999999999']) {
      expect(await getLastActivity(answering(seconds(bad)).session, 'user_1@localhost')).toEqual({ state: 'unknown' })
    }
    expect(await getLastActivity(answering(async () => xml('iq', { type: 'result' })).session, 'user_1@localhost')).toEqual({ state: 'unknown' })
  })
})

describe('buildGiftBuyIq', () => {
  it('is a set to the gift component with to (bare), gift and price', () => {
    const iq = buildGiftBuyIq('gift.localhost', { to: 'anchor_200001@localhost/web_fachat', gift: 'rose', price: 50 })
    expect(iq.attrs).toMatchObject({ type: 'set', to: 'gift.localhost' })
    expect(iq.getChild('giftBuy', NS_GIFT)?.attrs).toEqual({ xmlns: NS_GIFT, to: 'anchor_200001@localhost', gift: 'rose', price: '50' })
  })
})
