import { request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDevServer, type DevServer } from '../index.ts'
import { escapeHtml } from './page.ts'

let server: DevServer
let dataDir: string
const logs: string[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vchat-analytics-'))
  server = await startDevServer({ port: 0, dataDir, log: (line) => logs.push(line), now: () => 1_750_000_000_000 })
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  await fetch(`${server.url}/dev/analytics/clear`, { method: 'POST' })
})

function event(id: string, name = 'page_show', extra: Record<string, unknown> = {}) {
  return { type: 'track', event: name, eventId: id, time: 1_750_000_000_000, distinctId: 'd-1', deviceId: 'dev-1', properties: { page: '/' }, ...extra }
}

function form(events: unknown[]): URLSearchParams {
  return new URLSearchParams({ data: JSON.stringify(events) })
}

interface Listed {
  result: number
  data: { count: number; events: { eventId: string; event?: string; method: string; path: string; beacon: boolean; accountId?: string }[] }
}

async function list(query = ''): Promise<Listed['data']> {
  const response = await fetch(`${server.url}/dev/analytics/events${query}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as Listed).data
}

describe('development analytics receiver', () => {
  it('stores a POSTed form batch and lists it as JSON, newest first', async () => {
    const response = await fetch(`${server.url}/dev/analytics/sync`, { method: 'POST', body: form([event('a'), event('b', 'login_success', { accountId: '100001' })]) })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ result: 1, data: { stored: 2, duplicates: 0 }, msg: 'ok' })
    const listed = await list()
    expect(listed.count).toBe(2)
    expect(listed.events.map((e) => e.eventId)).toEqual(['b', 'a'])
    expect(listed.events[0]).toMatchObject({ event: 'login_success', accountId: '100001', method: 'POST', path: 'sync', beacon: false })
  })

  it('stores each event id once (a retried batch, or a fetch and a beacon of the same events)', async () => {
    await fetch(`${server.url}/dev/analytics/sync`, { method: 'POST', body: form([event('a'), event('b')]) })
    const again = await fetch(`${server.url}/dev/analytics/sync`, { method: 'POST', body: form([event('b'), event('c')]) })
    expect(((await again.json()) as { data: unknown }).data).toEqual({ stored: 1, duplicates: 1 })
    const events = (await list()).events as unknown as { eventId: string; arrivals: number }[]
    expect(events.map((e) => [e.eventId, e.arrivals]).sort()).toEqual([['a', 1], ['b', 2], ['c', 1]])
  })

  it('answers the image transport (GET ?data=) with a 1×1 GIF and stores the batch', async () => {
    const url = `${server.url}/dev/analytics/sync?data=${encodeURIComponent(JSON.stringify([event('img')]))}`
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/gif')
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('GIF8')
    expect((await list()).events[0]).toMatchObject({ eventId: 'img', method: 'GET', path: 'sync' })
  })

  it('takes the debug path too, and a JSON array body', async () => {
    const response = await fetch(`${server.url}/dev/analytics/debug`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([event('dbg')]) })
    expect(response.status).toBe(200)
    expect((await list()).events[0]).toMatchObject({ eventId: 'dbg', path: 'debug' })
    expect(logs.some((line) => line.includes('analytics debug: 1 stored'))).toBe(true)
  })

  it('marks no-cors form POSTs (navigator.sendBeacon) as beacons', async () => {
    // node:http, since fetch sets its own Sec-Fetch-Mode.
    const body = form([event('beacon-1', 'page_hide')]).toString()
    await new Promise<void>((resolve, reject) => {
      const req = request(`${server.url}/dev/analytics/sync`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty' },
      })
      req.on('response', (res) => {
        res.resume()
        res.on('end', () => resolve())
      })
      req.on('error', reject)
      req.end(body)
    })
    expect((await list('?event=page_hide')).events).toEqual([expect.objectContaining({ eventId: 'beacon-1', beacon: true })])
  })

  it('ignores a beacon of events a POST already stored (the POST answer was lost), keeping the first arrival', async () => {
    await fetch(`${server.url}/dev/analytics/sync`, { method: 'POST', body: form([event('lost-1'), event('lost-2')]) })
    const body = form([event('lost-1'), event('lost-2'), event('lost-2'), event('new-1', 'page_hide')]).toString()
    const outcome = await new Promise<string>((resolve, reject) => {
      const req = request(`${server.url}/dev/analytics/sync`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty' },
      })
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve(text))
      })
      req.on('error', reject)
      req.end(body)
    })
    expect((JSON.parse(outcome) as { data: unknown }).data).toEqual({ stored: 1, duplicates: 3 })
    const events = (await list()).events as unknown as { eventId: string; beacon: boolean; method: string; arrivals: number }[]
    expect(events.map((e) => [e.eventId, e.beacon, e.arrivals])).toEqual([
      ['new-1', true, 1],
      ['lost-2', false, 3],
      ['lost-1', false, 2],
    ])
  })

  it('filters by event, account and distinct id', async () => {
    await fetch(`${server.url}/dev/analytics/sync`, {
      method: 'POST',
      body: form([event('1', 'login_success', { accountId: '7' }), event('2', 'page_show', { distinctId: 'other' }), event('3', 'login_fail')]),
    })
    expect((await list('?accountId=7')).events.map((e) => e.eventId)).toEqual(['1'])
    expect((await list('?distinctId=other')).events.map((e) => e.eventId)).toEqual(['2'])
    expect((await list('?event=login_fail')).events.map((e) => e.eventId)).toEqual(['3'])
    expect((await list('?limit=1')).count).toBe(1)
  })

  it('refuses malformed batches with 400 naming the field, storing nothing', async () => {
    const cases: [URLSearchParams, string][] = [
      [form([{ ...event('x'), eventId: '' }]), 'data.0.eventId'],
      [form([{ ...event('x'), type: 'nope' }]), 'data.0.type'],
      [form([]), 'data'],
      [form(Array.from({ length: 51 }, (_, i) => event(`m${i}`))), 'data'],
      [new URLSearchParams({ other: '1' }), 'data'],
      [new URLSearchParams({ data: '{not json' }), 'body'],
    ]
    for (const [body, field] of cases) {
      const response = await fetch(`${server.url}/dev/analytics/sync`, { method: 'POST', body })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { msg: string }).msg.startsWith(field)).toBe(true)
    }
    expect(await fetch(`${server.url}/dev/analytics/sync`).then((r) => r.status)).toBe(400)
    expect(await fetch(`${server.url}/dev/analytics/events?limit=0`).then((r) => r.status)).toBe(400)
    expect((await list()).count).toBe(0)
  })

  it('shows the events on a page for people, with every value escaped', async () => {
    await fetch(`${server.url}/dev/analytics/sync`, { method: 'POST', body: form([event('p1', 'page_show', { properties: { title: '<script>alert(1)</script>' } })]) })
    const response = await fetch(`${server.url}/dev/analytics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain('<h1>Analytics events</h1>')
    expect(html).toContain('1 event</p>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>alert(1)')
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;')
  })
})
