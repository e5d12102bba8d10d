import { describe, expect, it } from 'vitest'
import { CHAT_REPLY_WINDOW_MS } from '../../constants'
import { manualClock } from '../../testing/fakeServices'
import { isFromOfficial, officialJidOf, receiptTracking, replyTracking } from './chatTracking'
import { ME, MIA, demoMessage } from './fixtures'

const OFFICIAL = 'help.localhost'

describe('chat tracking rules (SPEC §5)', () => {
  it('the official help account is componentInfo.helpDomain, else help.<domain>', () => {
    expect(officialJidOf('help.example.com', ME)).toBe('help.example.com')
    expect(officialJidOf(null, ME)).toBe('help.localhost')
    expect(isFromOfficial({ from: 'help.localhost/web', tid: 'x' }, OFFICIAL)).toBe(true)
    expect(isFromOfficial({ from: MIA, tid: 'localOfficial' }, OFFICIAL)).toBe(true)
    expect(isFromOfficial({ from: MIA, tid: MIA }, OFFICIAL)).toBe(false)
  })

  it('messages from the official help account are not counted; a host message is', () => {
    expect(receiptTracking(demoMessage({ mid: 'o', from: OFFICIAL, tid: OFFICIAL, type: 21 }), ME, OFFICIAL)).toBeNull()
    expect(receiptTracking(demoMessage({ mid: 'own', from: ME, to: MIA }), ME, OFFICIAL)).toBeNull()
    expect(receiptTracking(demoMessage({ mid: 'h', type: 2 }), ME, OFFICIAL)).toEqual({ type: 2 })
  })

  it('a reply counts within 10 minutes of the host message, not after (fake clock)', () => {
    const clock = manualClock(Date.UTC(2026, 0, 1))
    const host = demoMessage({ mid: 'h1', date: clock.now() })
    expect(replyTracking([host], ME, OFFICIAL, clock.now())).toEqual({ reply: true, replyAfterMs: 0 })
    clock.tick(CHAT_REPLY_WINDOW_MS)
    expect(replyTracking([host], ME, OFFICIAL, clock.now())).toEqual({ reply: true, replyAfterMs: CHAT_REPLY_WINDOW_MS })
    clock.tick(1)
    expect(replyTracking([host], ME, OFFICIAL, clock.now())).toEqual({ reply: false })
  })

  it('only the first message after the host counts, and official messages open no reply window', () => {
    const now = Date.UTC(2026, 0, 1, 12)
    const host = demoMessage({ mid: 'h1', date: now - 60_000 })
    const mine = demoMessage({ mid: 'm1', from: ME, to: MIA, date: now - 30_000 })
    expect(replyTracking([mine, host], ME, OFFICIAL, now)).toEqual({ reply: false })
    const official = demoMessage({ mid: 'o1', from: OFFICIAL, tid: OFFICIAL, date: now - 1000 })
    expect(replyTracking([official], ME, OFFICIAL, now)).toEqual({ reply: false })
    expect(replyTracking([], ME, OFFICIAL, now)).toEqual({ reply: false })
  })
})
