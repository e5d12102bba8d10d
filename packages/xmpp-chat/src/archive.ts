import { xml } from '@xmpp/client'
import { ARCHIVE_ANSWER_MAX_MS, ARCHIVE_CATCH_UP_MARGIN_MS, ARCHIVE_CATCH_UP_PAGE_SIZE, ARCHIVE_PAGE_SIZE, ARCHIVE_QUIET_MS, ERROR_TIME_OUT } from './constants.ts'
import type { ChatMessage } from './messages.ts'
import { parseIncoming, threadIdOf } from './stanza.ts'
import type { IncomingStanza } from './stanza.ts'
import type { ChatSession, XmlElement } from './types.ts'
import { NS_DATA_FORMS, NS_DELAY, NS_FORWARD, NS_MAM, NS_RSM, bareJid } from '@vchat/contract'
import { archiveResultOf } from './wire.ts'
import { nanoid } from 'nanoid'

/** An archive page was refused or malformed: nothing of it was stored. Retry with `catchUp()`. */
export class ArchiveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ArchiveError'
  }
}

/** One XEP-0313 query: a thread (`with`), from a date (`start`), one RSM page after / before an archive id. */
export interface ArchiveQuery {
  /** Bare jid of the peer; all conversations when absent. */
  with?: string
  /** Only messages archived at or after this time (ms). */
  start?: number
  /** The page after this archive id (paging forward). */
  after?: string
  /** The page before this archive id; `''` is the newest page (paging backward). */
  before?: string
  max?: number
}

export interface ArchivedMessage {
  /** The archive's id of the message (XEP-0359 stanza-id `by` our account). */
  id: string
  /** When the server archived it (ms), from the forwarded delay. */
  stamp?: number
  message: XmlElement
}

export interface ArchivePage {
  /** Oldest first. */
  items: ArchivedMessage[]
  complete: boolean
  first?: string
  last?: string
}

export function buildArchiveQuery(queryid: string, me: string, query: ArchiveQuery): XmlElement {
  const fields = [xml('field', { var: 'FORM_TYPE', type: 'hidden' }, xml('value', {}, NS_MAM))]
  if (query.with) fields.push(xml('field', { var: 'with' }, xml('value', {}, query.with)))
  if (query.start !== undefined) fields.push(xml('field', { var: 'start' }, xml('value', {}, new Date(query.start).toISOString())))
  const set = [xml('max', {}, String(query.max ?? ARCHIVE_PAGE_SIZE))]
  if (query.after !== undefined) set.push(xml('after', {}, query.after))
  if (query.before !== undefined) set.push(xml('before', {}, query.before))
  // Addressed to our own bare jid: the server's results then come from it, and nothing else counts.
  return xml(
    'iq',
    { type: 'set', to: me },
    xml('query', { xmlns: NS_MAM, queryid }, xml('x', { xmlns: NS_DATA_FORMS, type: 'submit' }, ...fields), xml('set', { xmlns: NS_RSM }, ...set)),
  )
}

/**
 * Runs one archive query over the session and collects its page. Results not from our own bare jid
 * (a forged `<result/>` another user sent us) are ignored; a result without id or message, a missing
 * `<fin/>`, a refusal or an answer that stops coming for ARCHIVE_QUIET_MS rejects with ArchiveError.
 */
export async function queryArchive(session: ChatSession, me: string, query: ArchiveQuery): Promise<ArchivePage> {
  const own = bareJid(me)
  // Tells this query's results from those of another query running at the same time.
  const queryid = nanoid()
  const items: ArchivedMessage[] = []
  let malformed = false
  // Given up when the answer goes quiet, not when it is long: a large page keeps the timer reset.
  let quiet: ReturnType<typeof setTimeout> | undefined
  let goQuiet: (error: Error) => void = () => {}
  const wentQuiet = new Promise<never>((_, reject) => (goQuiet = reject))
  const heard = () => {
    clearTimeout(quiet)
    quiet = setTimeout(() => goQuiet(new Error(ERROR_TIME_OUT)), ARCHIVE_QUIET_MS)
  }
  const stop = session.onStanza((stanza) => {
    const result = archiveResultOf(stanza)
    // From our own account: our bare jid, or no `from` at all (RFC 6120 §8.1.2.1; Prosody omits it).
    // Another user's message always carries their jid, so a forged result never passes.
    const from = stanza.attrs.from
    if (!result || result.attrs.queryid !== queryid || (from !== undefined && from !== own)) return
    const forwarded = result.getChild('forwarded', NS_FORWARD)
    const message = forwarded?.getChild('message')
    if (!result.attrs.id || !message) {
      malformed = true
      return
    }
    const stamp = Date.parse(forwarded?.getChild('delay', NS_DELAY)?.attrs.stamp ?? '')
    items.push({ id: result.attrs.id, message, ...(Number.isFinite(stamp) ? { stamp } : {}) })
    heard()
  })
  let answer: XmlElement
  try {
    heard()
    answer = await Promise.race([session.request(buildArchiveQuery(queryid, own, query), ARCHIVE_ANSWER_MAX_MS), wentQuiet])
  } catch (error) {
    throw new ArchiveError('archive query refused', { cause: error })
  } finally {
    clearTimeout(quiet)
    stop()
  }
  const fin = answer.getChild('fin', NS_MAM)
  if (!fin || malformed) throw new ArchiveError('archive page malformed')
  const set = fin.getChild('set', NS_RSM)
  const first = set?.getChildText('first') ?? undefined
  const last = set?.getChildText('last') ?? undefined
  return { items, complete: fin.attrs.complete === 'true', ...(first ? { first } : {}), ...(last ? { last } : {}) }
}

/** An archive item read once: its date (the archive's stamp) and what it is. */
interface ParsedItem {
  item: ArchivedMessage
  stamp: number
  parsed: IncomingStanza
}

/** Each item of the page parsed once; its messages and its read states are both taken from that. */
function parsePage(page: ArchivePage, own: string, now: () => number): ParsedItem[] {
  return page.items.map((item) => {
    const stamp = item.stamp ?? now()
    return { item, stamp, parsed: parseIncoming(item.message, { me: own, now: () => stamp }) }
  })
}

function messagesOf(items: readonly ParsedItem[], own: string): ChatMessage[] {
  const messages: ChatMessage[] = []
  for (const { parsed } of items) {
    if (parsed.kind !== 'message') continue
    const message = parsed.message
    if (message.from === own) message.tid = threadIdOf(message.to)
    messages.push(message)
  }
  return messages
}

/**
 * Chat messages of an archive page, oldest first: our own (sent from any device) belong to the
 * peer's thread, sent and not (yet) read by the peer: only the peer's marker says that
 * (`archivedReads`); everything that is not a storable chat message is left out.
 */
export function archivedMessages(page: ArchivePage, me: string, now: () => number): ChatMessage[] {
  const own = bareJid(me)
  return messagesOf(parsePage(page, own, now), own)
}

/**
 * What an archive page says about reading, beyond its messages: per thread, the date up to which
 * this user has read the peer's messages (a displayed marker this user sent from any device, or a
 * message this user wrote after them) and up to which the peer has read this user's (the peer's
 * displayed marker); and this user's messages the peer's client confirmed (XEP-0184 receipts).
 */
export interface ArchiveReads {
  incoming: Map<string, number>
  outgoing: Map<string, number>
  delivered: string[]
}

export function archivedReads(page: ArchivePage, me: string, now: () => number): ArchiveReads {
  const own = bareJid(me)
  return readsOf(parsePage(page, own, now), own)
}

function readsOf(items: readonly ParsedItem[], own: string): ArchiveReads {
  const reads: ArchiveReads = { incoming: new Map(), outgoing: new Map(), delivered: [] }
  const later = (map: Map<string, number>, tid: string, date: number) => {
    if (Number.isFinite(date) && date > (map.get(tid) ?? -Infinity)) map.set(tid, date)
  }
  const dateOf = new Map<string, number>()
  for (const { parsed } of items) if (parsed.kind === 'message') dateOf.set(parsed.message.mid, parsed.message.date)
  for (const { item, stamp, parsed } of items) {
    if (parsed.kind === 'message' && parsed.message.from === own) later(reads.incoming, threadIdOf(parsed.message.to), parsed.message.date)
    else if (parsed.kind === 'displayed') {
      // Up to the marked message's own date; when it is on another page, up to the end of the
      // second the marker was archived in (archive stamps have whole seconds).
      const upTo = dateOf.get(parsed.mid) ?? stamp + 999
      if (parsed.from === own) later(reads.incoming, threadIdOf(bareJid(item.message.attrs.to ?? '')), upTo)
      else later(reads.outgoing, threadIdOf(parsed.from), upTo)
    } else if (parsed.kind === 'received' && parsed.from !== own) reads.delivered.push(...parsed.mids)
  }
  return reads
}

/** A page's messages and read states, each item parsed once. */
function readPage(page: ArchivePage, own: string, now: () => number): { messages: ChatMessage[]; reads: ArchiveReads } {
  const items = parsePage(page, own, now)
  return { messages: messagesOf(items, own), reads: readsOf(items, own) }
}

export interface ArchiveSync {
  /**
   * Pages forward from just before `newest` (ms) to the end; only the newest page when unknown.
   * `asked` is called once the first query has been handed to the session.
   */
  catchUp(newest: number | undefined, asked?: () => void): Promise<void>
  /** One page of a thread's history, newest first page when `before` is absent. */
  loadThreadHistory(peer: string, before?: string): Promise<ThreadHistoryPage>
}

export interface ThreadHistoryPage {
  /** Oldest first; also stored (de-duplicated by mid). */
  messages: ChatMessage[]
  /** Pass as `before` to load the page before this one; absent when this was the oldest. */
  before?: string
}

/**
 * Archive catch-up and history for the messenger. `store` stores a page's messages in order
 * (de-duplicated by mid) and reports the new ones; a page is stored only once it is complete and
 * valid, so a malformed or refused page changes nothing.
 */
export function createArchiveSync(options: {
  session: ChatSession
  me: string
  now: () => number
  store: (messages: ChatMessage[], reads: ArchiveReads) => Promise<void>
}): ArchiveSync {
  const { session, me, now, store } = options
  const own = bareJid(me)
  const storePage = (page: ArchivePage): Promise<ChatMessage[]> => {
    const { messages, reads } = readPage(page, own, now)
    return store(messages, reads).then(() => messages)
  }
  return {
    async catchUp(newest, asked) {
      if (newest === undefined) {
        const page = queryArchive(session, me, { before: '' })
        asked?.()
        await storePage(await page)
        return
      }
      const start = Math.max(0, newest - ARCHIVE_CATCH_UP_MARGIN_MS)
      const ask = (after?: string): Promise<ArchivePage> => {
        const asked = queryArchive(session, me, { start, max: ARCHIVE_CATCH_UP_PAGE_SIZE, ...(after ? { after } : {}) })
        // Awaited below, unless storing the page before it failed: then nobody waits for its answer.
        asked.catch(() => undefined)
        return asked
      }
      let next: Promise<ArchivePage> | null = ask()
      asked?.()
      while (next) {
        const page: ArchivePage = await next
        // The next page is asked for before this one is stored: the server reads and sends it while
        // this one is written and shown. Pages are still stored one after the other, in order, and
        // each only once it is complete and valid.
        next = page.complete || !page.last || page.items.length === 0 ? null : ask(page.last)
        await storePage(page)
      }
    },
    async loadThreadHistory(peer, before) {
      const page = await queryArchive(session, me, { with: bareJid(peer), before: before ?? '' })
      const messages = await storePage(page)
      return { messages, ...(page.complete || !page.first ? {} : { before: page.first }) }
    },
  }
}
