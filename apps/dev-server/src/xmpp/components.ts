import type { DatabaseSync } from 'node:sqlite'
import { component, xml, type Component, type ComponentElement, type IqContext } from '@xmpp/component'
import { createLedger } from '../db/ledger.ts'
import { activeGift } from './giftCatalogue.ts'
import { createHub, type Hub, type HubTimers } from './hub.ts'
import type { IceIssuer } from './iceServers.ts'
import {
  CALL_ELEMENT,
  GIFT_BUY_ELEMENT,
  GIFT_ERROR_GEMS_INSUFFICIENT,
  NS_CALL,
  NS_GIFT,
  NS_STANZAS,
} from '@vchat/contract'

export interface StartXmppComponentsOptions {
  db: DatabaseSync
  /** XMPP domain of the users; the components are `gift.<domain>` and `hub.<domain>`. */
  domain: string
  /** Prosody's external component port and secret (from startProsody). */
  componentPort: number
  componentSecret: string
  host?: string
  log?: (line: string) => void
  /** Ring time-out of the call hub (default 60 s; tests shorten it). */
  hubRingTimeoutMs?: number
  /** The hub's clock (default real time); the stack passes the dev-server's development clock. */
  hubTimers?: HubTimers
  /** ICE servers and TURN credentials of each call (default none: host candidates). */
  ice?: IceIssuer
}

export interface XmppComponents {
  gift: Component
  hub: Component
  /** The call broker behind hub.<domain>. */
  calls: Hub
  close(): Promise<void>
}

function bare(jid: string): string {
  const slash = jid.indexOf('/')
  return slash === -1 ? jid : jid.slice(0, slash)
}

/** An iq error for iqCallee: `<error type><condition/>[<app condition/>]<text/></error>`. */
function iqError(type: 'cancel' | 'modify' | 'auth', condition: string, text: string, appCondition?: ComponentElement): ComponentElement {
  return xml(
    'error',
    { type },
    xml(condition, { xmlns: NS_STANZAS }),
    ...(appCondition ? [appCondition] : []),
    xml('text', { xmlns: NS_STANZAS }, text),
  )
}

export type GiftBuyOutcome =
  | { ok: true; gemsBalance: number }
  | { ok: false; type: 'cancel' | 'modify'; condition: string; text: string; gemsInsufficient?: boolean }

/**
 * GiftBuy: the buyer (the bare jid Prosody stamped as `from`) pays `price` gems, through the ledger's
 * debit that only succeeds while the balance covers the price, so two purchases at once cannot overdraw.
 */
export function buyGift(db: DatabaseSync, buyerJid: string, request: { to?: string; gift?: string; price?: string }): GiftBuyOutcome {
  const price = Number(request.price)
  if (!request.to || !request.gift || !Number.isInteger(price) || price <= 0) {
    return { ok: false, type: 'modify', condition: 'bad-request', text: 'giftBuy needs to, gift and a positive whole price' }
  }
  // Only a gift of the catalogue, at its listed price: the client does not choose what it pays.
  const listed = activeGift(request.gift)
  if (!listed) return { ok: false, type: 'cancel', condition: 'item-not-found', text: `no gift ${request.gift}` }
  if (listed.gemsPrice !== price) {
    return { ok: false, type: 'modify', condition: 'bad-request', text: `gift ${listed.id} costs ${listed.gemsPrice} gems, not ${price}` }
  }
  const buyer = bare(buyerJid)
  const recipient = db.prepare('SELECT uid FROM users WHERE jid = ?').get(bare(request.to))
  if (!recipient) return { ok: false, type: 'cancel', condition: 'item-not-found', text: `no account ${bare(request.to)}` }
  const ledger = createLedger(db)
  const paid = ledger.debitGems({ jid: buyer }, price)
  const gemsBalance = ledger.findGems({ jid: buyer })
  if (gemsBalance === null) return { ok: false, type: 'cancel', condition: 'item-not-found', text: `no account ${buyer}` }
  if (!paid) {
    return { ok: false, type: 'cancel', condition: 'not-acceptable', text: GIFT_ERROR_GEMS_INSUFFICIENT, gemsInsufficient: true }
  }
  return { ok: true, gemsBalance }
}

function connect(options: StartXmppComponentsOptions, domain: string): Component {
  const entity = component({
    service: `xmpp://${options.host ?? '127.0.0.1'}:${options.componentPort}`,
    domain,
    password: options.componentSecret,
  })
  entity.on('error', (error: Error) => options.log?.(`${domain}: ${error.message}`))
  return entity
}

/**
 * Connects the dev-server to Prosody as the external components `gift.<domain>` (GiftBuy against
 * the SQLite balances) and `hub.<domain>` (the call broker of `hub.ts`: sessions, billing, call
 * records). Resolves when both are online.
 */
export async function startXmppComponents(options: StartXmppComponentsOptions): Promise<XmppComponents> {
  const log = options.log ?? (() => {})
  const gift = connect(options, `gift.${options.domain}`)
  const hub = connect(options, `hub.${options.domain}`)

  gift.iqCallee.set(NS_GIFT, GIFT_BUY_ELEMENT, ({ stanza, element }: IqContext) => {
    const outcome = buyGift(options.db, stanza.attrs.from ?? '', element.attrs)
    if (!outcome.ok) {
      log(`GiftBuy by ${bare(stanza.attrs.from ?? '')} refused: ${outcome.text}`)
      const app = outcome.gemsInsufficient ? xml(GIFT_ERROR_GEMS_INSUFFICIENT, { xmlns: NS_GIFT }) : undefined
      return iqError(outcome.type, outcome.condition, outcome.text, app)
    }
    log(`GiftBuy by ${bare(stanza.attrs.from ?? '')}: ${element.attrs.gift} for ${element.attrs.price} gems`)
    return xml(GIFT_BUY_ELEMENT, { xmlns: NS_GIFT, gemsBalance: String(outcome.gemsBalance) })
  })

  const broker = createHub({
    db: options.db,
    log,
    ringTimeoutMs: options.hubRingTimeoutMs,
    timers: options.hubTimers,
    ...(options.ice === undefined ? {} : { ice: options.ice }),
    // Signalling is live or worthless: `headline` reaches the sessions there are now and is never
    // kept (RFC 6121 §8.5.2: no offline storage, no archive, no re-routing of a full JID that has
    // gone to the account's other devices). As `chat`, a ring for a signed-out host waited in
    // her offline store and rang again, with its cancel, at her next sign-in.
    send: (to, action, payload) => {
      hub
        .send(xml('message', { to, from: `hub.${options.domain}`, type: 'headline' }, xml(CALL_ELEMENT, { xmlns: NS_CALL, action }, JSON.stringify(payload))))
        .catch((error: unknown) => log(`hub send failed: ${String(error)}`))
    },
  })
  hub.on('stanza', (stanza: ComponentElement) => {
    if (stanza.name !== 'message' || !stanza.attrs.from) return
    const call = stanza.getChild(CALL_ELEMENT, NS_CALL)
    if (stanza.attrs.type === 'error') {
      // A CallIn (or relay) that could not be delivered: the callee is not reachable.
      if (call?.attrs.action === 'CallIn') broker.bounced(stanza.attrs.from)
      return
    }
    if (!call) return
    let payload: Record<string, unknown> = {}
    try {
      const parsed = JSON.parse(call.text() || '{}') as unknown
      if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>
    } catch {
      // A malformed body still gets an answer (the broker reports the missing sid).
    }
    broker.handle(stanza.attrs.from, call.attrs.action ?? '', payload)
  })

  try {
    await Promise.all([gift.start(), hub.start()])
  } catch (error) {
    await Promise.allSettled([gift.stop(), hub.stop()])
    throw error
  }
  log(`components online: gift.${options.domain}, hub.${options.domain}`)

  let closing: Promise<void> | undefined
  return {
    gift,
    hub,
    calls: broker,
    close() {
      broker.close()
      closing ??= Promise.allSettled([gift.stop(), hub.stop()]).then(() => undefined)
      return closing
    },
  }
}
