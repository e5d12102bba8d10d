import { xml } from '@xmpp/client'
import { ERROR_XMPP_SEND_IQ } from './constants.ts'
import type { ChatSession, XmlElement } from './types.ts'
import { GIFT_BUY_ELEMENT, NS_GIFT, NS_LAST_ACTIVITY, NS_VCARD, bareJid, uidOfJid } from '@vchat/contract'

/** SPEC §3 user card, read from a vCard (vcard-temp). */
export interface UserCard {
  uid: string
  jid: string
  fn?: string
  tel?: string
  email?: string
  avatarUrl?: string
  bDay?: string
  deviceCountry?: string
  lang?: string
  nickName?: string
  videos?: unknown[]
  albums?: unknown[]
  address?: string
  gender?: string
  about?: string
}

function text(element: XmlElement | undefined): string | undefined {
  const value = element?.text().trim()
  return value ? value : undefined
}

function jsonList(value: string | undefined): unknown[] | undefined {
  if (!value) return undefined
  try {
    const parsed = JSON.parse(value) as unknown
    return Array.isArray(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/**
 * Maps a `<vCard xmlns="vcard-temp">` to the user card fields:
 * FN → fn, NICKNAME → nickName, TEL/NUMBER → tel, EMAIL/USERID → email, PHOTO/EXTVAL → avatarUrl,
 * BDAY → bDay, ADR/CTRY → deviceCountry, ADR/LOCALITY → address, DESC → about; our extensions
 * X-LANG → lang, X-GENDER → gender, X-VIDEOS / X-ALBUMS (JSON arrays) → videos / albums.
 * Empty fields are left out.
 */
export function parseVCard(jid: string, vcard: XmlElement | undefined): UserCard {
  const bare = bareJid(jid)
  const card: UserCard = { uid: uidOfJid(bare), jid: bare }
  if (!vcard) return card
  const adr = vcard.getChild('ADR')
  const fields: Array<[keyof UserCard, string | undefined]> = [
    ['fn', text(vcard.getChild('FN'))],
    ['nickName', text(vcard.getChild('NICKNAME'))],
    ['tel', text(vcard.getChild('TEL')?.getChild('NUMBER'))],
    ['email', text(vcard.getChild('EMAIL')?.getChild('USERID'))],
    ['avatarUrl', text(vcard.getChild('PHOTO')?.getChild('EXTVAL'))],
    ['bDay', text(vcard.getChild('BDAY'))],
    ['deviceCountry', text(adr?.getChild('CTRY'))],
    ['address', text(adr?.getChild('LOCALITY'))],
    ['about', text(vcard.getChild('DESC'))],
    ['lang', text(vcard.getChild('X-LANG'))],
    ['gender', text(vcard.getChild('X-GENDER'))],
  ]
  for (const [name, value] of fields) if (value !== undefined) (card as unknown as Record<string, unknown>)[name] = value
  const videos = jsonList(text(vcard.getChild('X-VIDEOS')))
  const albums = jsonList(text(vcard.getChild('X-ALBUMS')))
  if (videos) card.videos = videos
  if (albums) card.albums = albums
  return card
}

/** The vCard of `jid` (XEP-0054 vCard get), as a user card. */
export async function getVCard(session: ChatSession, jid: string): Promise<UserCard> {
  const answer = await session.request(xml('iq', { type: 'get', to: bareJid(jid) }, xml('vCard', { xmlns: NS_VCARD })))
  return parseVCard(jid, answer.getChild('vCard', NS_VCARD))
}

/**
 * What the server tells of an account's last activity (XEP-0012 asked of its bare jid):
 * - `online`: connected now;
 * - `seen`: last connected `secondsAgo` seconds ago;
 * - `hidden`: the account hides its last seen, or the asker hides theirs (the server answered forbidden);
 * - `unknown`: the server knows nothing (never connected, no answer, or an answer it could not read).
 */
export type LastActivity = { state: 'online' } | { state: 'seen'; secondsAgo: number } | { state: 'hidden' } | { state: 'unknown' }

/** Asks the server when `jid` was last connected; never rejects (a failure is `unknown`). */
export async function getLastActivity(session: ChatSession, jid: string): Promise<LastActivity> {
  let answer: XmlElement
  try {
    answer = await session.request(xml('iq', { type: 'get', to: bareJid(jid) }, xml('query', { xmlns: NS_LAST_ACTIVITY })))
  } catch (error) {
    return (error as { condition?: unknown } | null)?.condition === 'forbidden' ? { state: 'hidden' } : { state: 'unknown' }
  }
  const raw = answer.getChild('query', NS_LAST_ACTIVITY)?.attrs.seconds as string | undefined
  const seconds = raw === undefined || !/^\d+$/.test(raw) ? Number.NaN : Number(raw)
  if (!Number.isSafeInteger(seconds)) return { state: 'unknown' }
  // Asked of a bare jid, 0 means an available resource now (XEP-0012 §5).
  return seconds === 0 ? { state: 'online' } : { state: 'seen', secondsAgo: seconds }
}

export interface GiftBuyRequest {
  /** The jid the gift is for. */
  to: string
  /** Gift id. */
  gift: string
  /** Price in gems. */
  price: number
}

export interface GiftBuyResult {
  /** The buyer's gems after the purchase, when the server says. */
  gemsBalance: number | undefined
}

/** The GiftBuy iq to `gift.<domain>`. */
export function buildGiftBuyIq(giftDomain: string, request: GiftBuyRequest): XmlElement {
  return xml(
    'iq',
    { type: 'set', to: giftDomain },
    xml(GIFT_BUY_ELEMENT, { xmlns: NS_GIFT, to: bareJid(request.to), gift: request.gift, price: String(request.price) }),
  )
}

/**
 * Buys a gift with gems (GiftBuy). Any failure (iq error such as gems-insufficient, time-out,
 * not connected) rejects with `Error('xmpp send iq error')` (SPEC §8); the original is `cause`.
 */
export async function buyGift(session: ChatSession, giftDomain: string, request: GiftBuyRequest): Promise<GiftBuyResult> {
  let answer: XmlElement
  try {
    answer = await session.request(buildGiftBuyIq(giftDomain, request))
  } catch (cause) {
    throw new Error(ERROR_XMPP_SEND_IQ, { cause })
  }
  const balance = Number(answer.getChild(GIFT_BUY_ELEMENT, NS_GIFT)?.attrs.gemsBalance)
  return { gemsBalance: Number.isFinite(balance) ? balance : undefined }
}
