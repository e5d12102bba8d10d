import { xml } from '@xmpp/client'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from './messages.ts'
import { buildChatStateStanza, buildDisplayedStanza, buildMessageStanza, buildReceivedStanza, initialStateOf, normalizeAttachment, parseIncoming, parseStanza } from './stanza.ts'
import type { XmlElement } from './types.ts'
import { MessageType, NS_CHAT_MARKERS, NS_FILTER, NS_MESSAGE, NS_NOTICE, NS_ORIGIN_ID, NS_RECEIPTS } from '@vchat/contract'

const ME = 'user_100001@localhost'
const PEER = 'anchor_200001@localhost'
const options = { me: ME, now: () => 42 }

function outgoing(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return { mid: 'mid-1', tid: PEER, date: 1_700_000_000_000, from: ME, to: PEER, read: false, state: 'sending', type: 0, content: 'hello', ...overrides }
}

/** What the peer receives: our stanza as Prosody routes it (full from, full to). */
function delivered(stanza: XmlElement): XmlElement {
  stanza.attrs.from = `${ME}/web_fachat`
  stanza.attrs.to = `${PEER}/web_fachat`
  return stanza
}

function incoming(children: XmlElement[], attrs: Record<string, string> = {}): XmlElement {
  return xml('message', { type: 'chat', id: 'in-1', from: `${PEER}/web_fachat`, to: `${ME}/web_fachat`, ...attrs }, ...children)
}

function payload(type: string, json?: unknown, attrs: Record<string, string> = {}): XmlElement {
  return xml('payload', { xmlns: NS_MESSAGE, type, ...attrs }, ...(json === undefined ? [] : [JSON.stringify(json)]))
}

describe('buildMessageStanza', () => {
  it('is a chat message with id, body, payload, origin-id, markable and a receipt request', () => {
    const stanza = buildMessageStanza(outgoing({ nickName: 'Bob', os: 'web', pkgName: 'vchat', version: '1.0.0', step: 2 }))
    expect(stanza.attrs).toMatchObject({ type: 'chat', id: 'mid-1', to: PEER })
    expect(stanza.getChildText('body')).toBe('hello')
    const element = stanza.getChild('payload', NS_MESSAGE)
    expect(element?.attrs).toMatchObject({ type: '0', date: '1700000000000', nickName: 'Bob', os: 'web', pkgName: 'vchat', version: '1.0.0', step: '2' })
    expect(element?.text()).toBe('')
    expect(stanza.getChild('origin-id', NS_ORIGIN_ID)?.attrs.id).toBe('mid-1')
    expect(stanza.getChild('markable', NS_CHAT_MARKERS)).toBeDefined()
    expect(stanza.getChild('request', NS_RECEIPTS)).toBeDefined()
    // The peer parses the request, so it confirms delivery.
    expect(parseIncoming(delivered(stanza), { me: PEER, now: () => 0 })).toMatchObject({ kind: 'message', receipt: true })
  })

  it('carries the attachment as JSON text; the body stays plain text', () => {
    const attachment = { url: 'https://img/1.jpg', thumbUrl: 'https://img/1_t.jpg', payNeed: true, payPrice: 30 }
    const stanza = buildMessageStanza(outgoing({ type: 2, content: '<b>not markup</b>', attachment }))
    expect(JSON.parse(stanza.getChild('payload', NS_MESSAGE)?.text() ?? '')).toEqual(attachment)
    expect(stanza.getChildText('body')).toBe('<b>not markup</b>')
    expect(stanza.toString()).toContain('&lt;b&gt;not markup&lt;/b&gt;')
  })
})

describe('round trip: every SPEC §3 message type', () => {
  const attachments: Record<number, unknown> = {
    [MessageType.Image]: { url: 'u', thumbUrl: 't', payNeed: false, payPrice: 0 },
    [MessageType.ImageWithGift]: { url: 'u', thumbUrl: 't', payNeed: true, payPrice: 99 },
    [MessageType.Sticker]: { id: 's1', name: 'smile', thumbUrl: 't' },
    [MessageType.Gift]: { id: 'g1', type: 1, gemsPrice: 50, tabId: 2, priority: 3, title: 'Rose', iconUrl: 'i', isActive: true, showArea: 1 },
    [MessageType.ShortVideo]: { url: 'v', thumbUrl: 't', duration: 12 },
    [MessageType.AskGift]: { giftId: 'g1', giftPrice: 50, isSend: false },
    [MessageType.VHubCall]: { sid: 's', caller: ME, callee: PEER, startTime: 1, connectingTime: 2, endTime: 3, reason: 'hangup', rejectType: '' },
    [MessageType.StoryLineCall]: { story_id: 'st1', step: 3, text: 'Call me?' },
  }
  const types = Object.entries(MessageType).filter(([, type]) => type !== MessageType.AttributionRefresh)

  it.each(types)('%s (%i) arrives as it was sent', (_name, type) => {
    const sent = outgoing({ type, content: `text of ${type}`, attachment: attachments[type] })
    const result = parseIncoming(delivered(buildMessageStanza(sent)), { me: PEER, now: () => 0 })
    expect(result.kind).toBe('message')
    if (result.kind !== 'message') return
    expect(result.message).toEqual({
      mid: 'mid-1',
      tid: ME,
      date: sent.date,
      from: ME,
      to: PEER,
      read: false,
      state: 'success',
      type,
      content: `text of ${type}`,
      ...(attachments[type] === undefined ? {} : { attachment: attachments[type] }),
    })
  })

  it('keeps metadata: nickName, os, pkgName, version, msgCategory, identifyName, numeric and text step', () => {
    const sent = outgoing({ nickName: 'Bob', os: 'web', pkgName: 'p', version: '1', msgCategory: 'c', identifyName: 'i', step: 4 })
    const result = parseIncoming(delivered(buildMessageStanza(sent)), options)
    expect(result).toMatchObject({ kind: 'message', message: { nickName: 'Bob', os: 'web', pkgName: 'p', version: '1', msgCategory: 'c', identifyName: 'i', step: 4 } })
    const text = parseIncoming(incoming([xml('body', {}, 'x'), payload('0', undefined, { step: 'intro' })]), options)
    expect(text).toMatchObject({ message: { step: 'intro' } })
  })
})

describe('parseIncoming: messages', () => {
  it('a plain XMPP message without payload is text (type 0), dated now, thread = sender', () => {
    expect(parseIncoming(incoming([xml('body', {}, 'hi')]), options)).toEqual({
      kind: 'message',
      message: { mid: 'in-1', tid: PEER, date: 42, from: PEER, to: ME, read: false, state: 'success', type: 0, content: 'hi' },
      receipt: false,
    })
  })

  it('the XEP-0359 origin-id wins over the stanza id', () => {
    const result = parseIncoming(incoming([xml('body', {}, 'hi'), xml('origin-id', { xmlns: NS_ORIGIN_ID, id: 'origin' })]), options)
    expect(result).toMatchObject({ kind: 'message', message: { mid: 'origin' } })
  })

  it('dates from the payload, else from a XEP-0203 delay stamp', () => {
    const delay = xml('delay', { xmlns: 'urn:xmpp:delay', stamp: '2024-01-02T03:04:05.000Z' })
    expect(parseIncoming(incoming([xml('body', {}, 'x'), delay]), options)).toMatchObject({ message: { date: Date.parse('2024-01-02T03:04:05.000Z') } })
    expect(parseIncoming(incoming([xml('body', {}, 'x'), payload('0', undefined, { date: '77' }), delay]), options)).toMatchObject({ message: { date: 77 } })
  })

  it.each([['empty', ''], ['blank', '  '], ['not a number', 'text'], ['fractional', '1.5']])(
    'a payload with an %s type is not stored (SPEC §5)',
    (_label, type) => {
      expect(parseIncoming(incoming([xml('body', {}, 'x'), payload(type)]), options)).toEqual({ kind: 'ignored', reason: 'empty-type' })
    },
  )

  it('a payload without type attribute is an empty type too', () => {
    const element = xml('payload', { xmlns: NS_MESSAGE })
    expect(parseIncoming(incoming([xml('body', {}, 'x'), element]), options)).toEqual({ kind: 'ignored', reason: 'empty-type' })
  })

  it('ignores messages without id, without body or payload (a chat state is its own kind), and non-messages', () => {
    expect(parseIncoming(xml('message', { type: 'chat', from: PEER }, xml('body', {}, 'x')), options)).toEqual({ kind: 'ignored', reason: 'no-id' })
    expect(parseIncoming(incoming([xml('composing', { xmlns: 'http://jabber.org/protocol/chatstates' })]), options)).toMatchObject({ kind: 'chat-state', state: 'composing' })
    expect(parseIncoming(incoming([xml('x', { xmlns: 'jabber:x:oob' })]), options)).toEqual({ kind: 'ignored', reason: 'no-content' })
    expect(parseIncoming(xml('presence', { from: PEER }), options)).toEqual({ kind: 'ignored', reason: 'not-a-message' })
  })

  it('a malformed JSON attachment leaves the message without attachment', () => {
    const element = xml('payload', { xmlns: NS_MESSAGE, type: '2' }, '{not json')
    const result = parseIncoming(incoming([xml('body', {}, ''), element]), options)
    expect(result.kind).toBe('message')
    if (result.kind === 'message') expect(result.message.attachment).toBeUndefined()
  })

  it('attribution_refresh (100) is a signal, not a stored message', () => {
    const result = parseIncoming(incoming([xml('body', {}, ''), payload('100', { reason: 'new campaign' })]), options)
    expect(result).toEqual({ kind: 'attribution-refresh', mid: 'in-1', from: PEER, attachment: { reason: 'new campaign' } })
  })
})

describe('parseIncoming: sensitive-info flags (SPEC §5)', () => {
  function flagged(info: string, replacement?: string): XmlElement {
    const attrs: Record<string, string> = { xmlns: NS_FILTER, info }
    if (replacement !== undefined) attrs.replacement = replacement
    return incoming([xml('body', {}, 'original words'), xml('sensitive', attrs)])
  }

  it('bit 1 (discard) drops the message', () => {
    expect(parseIncoming(flagged('1'), options)).toEqual({ kind: 'dropped', mid: 'in-1', reason: 'discard', sensitiveInfo: 1 })
  })

  it('bit 4 (offline) drops the message', () => {
    expect(parseIncoming(flagged('4'), options)).toEqual({ kind: 'dropped', mid: 'in-1', reason: 'offline', sensitiveInfo: 4 })
  })

  it('discard wins in combination with other bits', () => {
    expect(parseIncoming(flagged('11'), options)).toMatchObject({ kind: 'dropped', reason: 'discard' })
    expect(parseIncoming(flagged('12'), options)).toMatchObject({ kind: 'dropped', reason: 'offline' })
  })

  it('bit 8 (porn) shows the supplied replacement text instead of the original', () => {
    expect(parseIncoming(flagged('8', '*** removed ***'), options)).toMatchObject({
      kind: 'message',
      message: { content: '*** removed ***', sensitiveInfo: 8 },
    })
    expect(parseIncoming(flagged('10', ''), options)).toMatchObject({ message: { content: '', sensitiveInfo: 10 } })
  })

  it('bit 2 (sensitive) is stored and shown with the flag', () => {
    expect(parseIncoming(flagged('2'), options)).toMatchObject({ kind: 'message', message: { content: 'original words', sensitiveInfo: 2 } })
  })

  it('0 or garbage is no flag; a flags element in another namespace is not trusted', () => {
    const zero = parseIncoming(flagged('0'), options)
    expect(zero).toMatchObject({ kind: 'message', message: { content: 'original words' } })
    expect(zero.kind === 'message' ? zero.message.sensitiveInfo : 'n/a').toBeUndefined()
    const spoof = incoming([xml('body', {}, 'x'), xml('sensitive', { xmlns: 'urn:other', info: '1' })])
    expect(parseIncoming(spoof, options).kind).toBe('message')
  })
})

describe('parseIncoming: markers, bounces, notices', () => {
  it('a XEP-0333 displayed marker', () => {
    const marker = incoming([xml('displayed', { xmlns: NS_CHAT_MARKERS, id: 'mid-9' })], { id: 'x' })
    expect(parseIncoming(marker, options)).toEqual({ kind: 'displayed', mid: 'mid-9', from: PEER })
  })

  it('buildDisplayedStanza makes the marker the peer parses', () => {
    const stanza = delivered(buildDisplayedStanza(PEER, 'mid-9', 'marker-1'))
    expect(stanza.attrs).toMatchObject({ type: 'chat', id: 'marker-1' })
    expect(parseIncoming(stanza, { me: PEER, now: () => 0 })).toEqual({ kind: 'displayed', mid: 'mid-9', from: ME })
  })

  it('a XEP-0184 receipt, as buildReceivedStanza makes it', () => {
    const stanza = delivered(buildReceivedStanza(PEER, ['mid-9'], 'receipt-1'))
    expect(stanza.attrs).toMatchObject({ type: 'chat', id: 'receipt-1' })
    expect(parseIncoming(stanza, { me: PEER, now: () => 0 })).toEqual({ kind: 'received', mids: ['mid-9'], from: ME })
    // Several receipts in one stanza (a stored burst), each kept, in order; one without id is skipped.
    const several = delivered(buildReceivedStanza(PEER, ['m1', 'm2', 'm3'], 'receipt-2'))
    expect(several.getChildren('received', NS_RECEIPTS)).toHaveLength(3)
    expect(parseIncoming(several, { me: PEER, now: () => 0 })).toEqual({ kind: 'received', mids: ['m1', 'm2', 'm3'], from: ME })
    expect(parseIncoming(incoming([xml('received', { xmlns: NS_RECEIPTS }), xml('received', { xmlns: NS_RECEIPTS, id: 'm4' })], { id: 'y' }), options)).toMatchObject({ kind: 'received', mids: ['m4'] })
    expect(parseIncoming(incoming([xml('received', { xmlns: NS_RECEIPTS })], { id: 'x' }), options)).toEqual({ kind: 'ignored', reason: 'no-content' })
  })

  it('an error message bounces our mid with its condition', () => {
    const bounce = xml('message', { type: 'error', id: 'mid-1', from: PEER }, xml('error', { type: 'cancel' }, xml('service-unavailable', { xmlns: 'urn:ietf:params:xml:ns:xmpp-stanzas' })))
    expect(parseIncoming(bounce, options)).toEqual({ kind: 'bounced', mid: 'mid-1', condition: 'service-unavailable' })
  })

  it('a push notice: from, type, avatarUrl, content', () => {
    const notice = xml('message', { type: 'headline', from: 'localhost' }, xml('notice', { xmlns: NS_NOTICE, from: 'official_1@localhost', type: 'violate_rule', avatarUrl: 'https://a/1.png' }, 'Be kind'))
    expect(parseIncoming(notice, options)).toEqual({
      kind: 'notice',
      notice: { from: 'official_1@localhost', type: 'violate_rule', avatarUrl: 'https://a/1.png', content: 'Be kind' },
    })
  })
})

describe('normalizeAttachment and initialStateOf', () => {
  it('coerces wire values to the attachment field types', () => {
    expect(normalizeAttachment(2, { url: 'u', payNeed: '1', payPrice: '30' })).toEqual({ url: 'u', thumbUrl: '', payNeed: true, payPrice: 30 })
    expect(normalizeAttachment(19, { giftId: 7, giftPrice: '50', isSend: 'true' })).toEqual({ giftId: '7', giftPrice: 50, isSend: true })
    expect(normalizeAttachment(13, { id: 'g', gemsPrice: 'abc' })).toMatchObject({ id: 'g', gemsPrice: 0, isActive: false })
  })

  it('a story (story_id) in any other type; unknown shapes kept; null and arrays', () => {
    expect(normalizeAttachment(0, { story_id: 's', step: '2', text: 't' })).toEqual({ story_id: 's', step: 2, text: 't' })
    expect(normalizeAttachment(1, { lat: 1, lng: 2 })).toEqual({ lat: 1, lng: 2 })
    expect(normalizeAttachment(2, null)).toBeUndefined()
    expect(normalizeAttachment(2, [1])).toEqual([1])
  })

  it('calls, gift requests and gifts start as success; everything else as sending (SPEC §4)', () => {
    const success = [MessageType.VHubCall, MessageType.StoryLineCall, MessageType.Gift, MessageType.AskGift]
    for (const type of Object.values(MessageType)) {
      expect(initialStateOf(type)).toBe(success.includes(type as never) ? 'success' : 'sending')
    }
  })
})

describe('parseStanza', () => {
  it('reads back a stanza from its text, with namespaces, attributes and escaped text', () => {
    const sent = xml('message', { type: 'error', from: 'user_1@localhost', id: 'm1' }, xml('body', {}, 'a < b & "c"'), xml('error', { type: 'cancel' }, xml('blocked', { xmlns: NS_FILTER })))
    const read = parseStanza(sent.toString())
    expect(read.name).toBe('message')
    expect(read.attrs).toMatchObject({ type: 'error', from: 'user_1@localhost', id: 'm1' })
    expect(read.getChildText('body')).toBe('a < b & "c"')
    expect(read.getChild('error')?.getChild('blocked', NS_FILTER)).toBeDefined()
    expect(read.toString()).toBe(sent.toString())
  })

  it('throws on text that is not exactly one well-formed element', () => {
    expect(() => parseStanza('')).toThrow('not one stanza')
    expect(() => parseStanza('<a/><b/>')).toThrow('not one stanza')
    expect(() => parseStanza('<a><b></a>')).toThrow()
    expect(() => parseStanza('plain text')).toThrow()
  })
})

describe('chat states (XEP-0085)', () => {
  it('a chat state goes out as a bodiless chat message the server neither archives nor keeps offline', () => {
    const stanza = buildChatStateStanza('anchor_200001@localhost', 'composing')
    expect(stanza.toString()).toBe(
      '<message type="chat" to="anchor_200001@localhost"><composing xmlns="http://jabber.org/protocol/chatstates"/><no-store xmlns="urn:xmpp:hints"/><no-permanent-store xmlns="urn:xmpp:hints"/></message>',
    )
  })

  it('reads a live chat state, ignores a delayed one and unknown states; a message with a body stays a message', () => {
    const options = { me: 'user_100001@localhost', now: () => 1 }
    const from = 'anchor_200001@localhost/web_fachat'
    expect(parseIncoming(parseStanza(`<message from="${from}" type="chat"><paused xmlns="http://jabber.org/protocol/chatstates"/></message>`), options)).toEqual({ kind: 'chat-state', from: 'anchor_200001@localhost', state: 'paused' })
    expect(parseIncoming(parseStanza(`<message from="${from}" type="chat"><composing xmlns="http://jabber.org/protocol/chatstates"/><delay xmlns="urn:xmpp:delay" stamp="2026-01-01T00:00:00Z"/></message>`), options)).toEqual({ kind: 'ignored', reason: 'no-content' })
    expect(parseIncoming(parseStanza(`<message from="${from}" type="chat"><gone xmlns="http://jabber.org/protocol/chatstates"/></message>`), options)).toEqual({ kind: 'ignored', reason: 'no-content' })
    expect(parseIncoming(parseStanza(`<message from="${from}" type="chat" id="m1"><body>hi</body><active xmlns="http://jabber.org/protocol/chatstates"/></message>`), options).kind).toBe('message')
  })
})
