import { describe, expect, it } from 'vitest'
import { HttpError } from './http.ts'
import { createReplayStore, requestFingerprint } from './replays.ts'

const MINUTE = 60_000

function storeAt(limits: Partial<{ ttlMs: number; maxEntries: number; maxBytes: number }> = {}) {
  const clock = { now: Date.UTC(2025, 5, 10, 12, 0, 0) }
  const store = createReplayStore(() => clock.now, { ttlMs: 10 * MINUTE, maxEntries: 100, maxBytes: 1_000_000, ...limits })
  return { clock, store }
}

/** A handler that counts its runs and finishes when the test says so. */
function heldHandler<T>(value: T) {
  let runs = 0
  let finish = () => {}
  const finished = new Promise<void>((resolve) => {
    finish = resolve
  })
  return {
    get runs() {
      return runs
    },
    finish,
    async handle(): Promise<T> {
      runs += 1
      await finished
      return value
    },
  }
}

const request = (key: string, data: unknown = {}) => ({ key, fingerprint: requestFingerprint('/api/account_service/reward', data) })

describe('createReplayStore', () => {
  it('answers a repeat with the first answer without running the handler again', async () => {
    const { store } = storeAt()
    let runs = 0
    const handle = () => ({ result: 1, data: { run: ++runs }, msg: 'ok' })
    expect(await store.run(request('u1 id-1'), handle)).toEqual({ value: { result: 1, data: { run: 1 }, msg: 'ok' }, replayed: false })
    expect(await store.run(request('u1 id-1'), handle)).toEqual({ value: { result: 1, data: { run: 1 }, msg: 'ok' }, replayed: true })
    expect(await store.run(request('u1 id-2'), handle)).toMatchObject({ value: { data: { run: 2 } }, replayed: false })
    expect(runs).toBe(2)
  })

  it('makes repeats that arrive while the first runs wait for its answer', async () => {
    const { store } = storeAt()
    const held = heldHandler({ result: 1, data: { gems: 10 }, msg: 'ok' })
    const all = Promise.all([1, 2, 3].map(() => store.run(request('u1 same'), () => held.handle())))
    await Promise.resolve()
    held.finish()
    const answers = await all
    expect(held.runs).toBe(1)
    expect(answers.map((answer) => answer.value)).toEqual([1, 2, 3].map(() => ({ result: 1, data: { gems: 10 }, msg: 'ok' })))
    expect(answers.map((answer) => answer.replayed)).toEqual([false, true, true])
  })

  it('keeps one key per caller: another key runs its own request', async () => {
    const { store } = storeAt()
    let runs = 0
    await store.run(request('alice same-id'), () => ++runs)
    expect(await store.run(request('bob same-id'), () => ++runs)).toEqual({ value: 2, replayed: false })
  })

  it('refuses the same key with other data or another path with 422, and leaves the first answer in place', async () => {
    const { store } = storeAt()
    await store.run(request('u1 k', { a: 1 }), () => 'first')
    await expect(store.run(request('u1 k', { a: 2 }), () => 'second')).rejects.toMatchObject({ status: 422 })
    const otherPath = { key: 'u1 k', fingerprint: requestFingerprint('/api/friends_service/change_relation', { a: 1 }) }
    await expect(store.run(otherPath, () => 'second')).rejects.toBeInstanceOf(HttpError)
    expect(await store.run(request('u1 k', { a: 1 }), () => 'again')).toEqual({ value: 'first', replayed: true })
  })

  it('replays an HttpError the handler threw, but runs again after a crash', async () => {
    const { store } = storeAt()
    await expect(store.run(request('u1 refused'), () => Promise.reject(new HttpError(409, 'no')))).rejects.toMatchObject({ status: 409 })
    await expect(store.run(request('u1 refused'), () => 'ran')).rejects.toMatchObject({ status: 409, message: 'no' })

    const held = heldHandler(null)
    const crashing = store.run(request('u1 crash'), async () => {
      await held.handle()
      throw new Error('boom')
    })
    const waiting = store.run(request('u1 crash'), () => 'never')
    held.finish()
    await expect(crashing).rejects.toThrow('boom')
    await expect(waiting).rejects.toThrow('boom')
    expect(await store.run(request('u1 crash'), () => 'ran again')).toEqual({ value: 'ran again', replayed: false })
  })

  it('forgets an answer after its time to live, counted from when it was given', async () => {
    const { clock, store } = storeAt()
    await store.run(request('u1 old'), () => 'first')
    clock.now += 10 * MINUTE - 1
    expect(await store.run(request('u1 old'), () => 'second')).toEqual({ value: 'first', replayed: true })
    clock.now += 1
    expect(await store.run(request('u1 old'), () => 'second')).toEqual({ value: 'second', replayed: false })
  })

  it('keeps at most maxEntries answers and maxBytes of them, the oldest going first, never one still running', async () => {
    const { store } = storeAt({ maxEntries: 3, maxBytes: 200 })
    const held = heldHandler('slow')
    const running = store.run(request('u1 running'), () => held.handle())
    for (const id of ['a', 'b', 'c', 'd']) await store.run(request(`u1 ${id}`), () => id)
    // 'running' and the newest two fit; 'a' and 'b' went.
    expect(await store.run(request('u1 a'), () => 'a again')).toMatchObject({ replayed: false })
    expect(await store.run(request('u1 d'), () => 'd again')).toEqual({ value: 'd', replayed: true })
    const repeat = store.run(request('u1 running'), () => 'ran twice')
    held.finish()
    expect(await running).toEqual({ value: 'slow', replayed: false })
    expect(await repeat).toEqual({ value: 'slow', replayed: true })

    await store.run(request('u1 big'), () => 'x'.repeat(300))
    expect(await store.run(request('u1 big'), () => 'small')).toMatchObject({ value: 'small', replayed: false })
  })
})
