import { describe, expect, it, vi } from 'vitest'
import type { CallSnapshot } from '@vchat/webrtc-call'
import type { VideoCallRecord } from '../../services/types'
import { createCallRecorder } from './callRecorder'

const ME = 'user_100001@localhost'
const HOST = 'anchor_200001@localhost'
const BASE: CallSnapshot = { status: 0, direction: null, peer: null, sid: null, price: null, failure: null, heartbeats: 0, tier: 'standard' }

function setup() {
  let now = 1_000
  const saved: VideoCallRecord[] = []
  const recorder = createCallRecorder({ me: () => ME, now: () => now, save: async (call) => void saved.push(call), newId: () => 'local-1' })
  return { recorder, saved, at: (ms: number) => (now = ms) }
}

describe('the local call record (chat-db videocalls)', () => {
  it('records an answered outgoing call with its sid, times and the reason this side gave', () => {
    const { recorder, saved, at } = setup()
    recorder.observe({ ...BASE, status: 1, direction: 'outgoing', peer: HOST })
    at(2_000)
    recorder.observe({ ...BASE, status: 1, direction: 'outgoing', peer: HOST, sid: 's-1' })
    at(5_000)
    recorder.observe({ ...BASE, status: 2, direction: 'outgoing', peer: HOST, sid: 's-1' })
    at(65_000)
    recorder.noteReason('hangup')
    recorder.observe({ ...BASE, status: 3, direction: 'outgoing', peer: HOST, sid: 's-1' })
    expect(saved).toEqual([{ vid: 's-1', sid: 's-1', caller: ME, callee: HOST, startTime: 1_000, connectingTime: 5_000, endTime: 65_000, reason: 'hangup' }])
  })

  it('records a declined incoming call as this user declined it, and a silver tier', () => {
    const { recorder, saved } = setup()
    recorder.observe({ ...BASE, status: 5, direction: 'incoming', peer: HOST, sid: 's-2', tier: 'silver' })
    recorder.noteReason('rejected', 'self')
    recorder.noteReason('cancelled')
    recorder.observe({ ...BASE, status: 3, direction: 'incoming', peer: HOST, sid: 's-2', tier: 'silver' })
    expect(saved[0]).toMatchObject({ vid: 's-2', caller: HOST, callee: ME, reason: 'rejected', rejectType: 'self', tier: 'silver' })
    expect(saved[0]).not.toHaveProperty('connectingTime')
  })

  it('records a call refused before the hub gave a sid under a local id, with the failure as reason', () => {
    const { recorder, saved } = setup()
    recorder.observe({ ...BASE, status: 1, direction: 'outgoing', peer: HOST })
    recorder.observe({ ...BASE, status: 4, direction: 'outgoing', peer: HOST, failure: { reason: 'Gems insufficient' } })
    expect(saved).toEqual([{ vid: 'local-1', caller: ME, callee: HOST, startTime: 1_000, endTime: 1_000, reason: 'Gems insufficient' }])
  })

  it('records each call once, and nothing for a reset without a call', () => {
    const { recorder, saved } = setup()
    recorder.observe({ ...BASE, status: 1, direction: 'outgoing', peer: HOST, sid: 's-3' })
    recorder.observe({ ...BASE, status: 3, direction: 'outgoing', peer: HOST, sid: 's-3' })
    recorder.observe({ ...BASE, status: 3, direction: 'outgoing', peer: HOST, sid: 's-3' })
    recorder.observe(BASE)
    expect(saved).toHaveLength(1)
  })

  it('reports a failed write instead of throwing', async () => {
    const errors: unknown[] = []
    const recorder = createCallRecorder({ me: () => ME, now: () => 0, save: async () => Promise.reject(new Error('quota')), onError: (error) => errors.push(error) })
    recorder.observe({ ...BASE, status: 1, direction: 'outgoing', peer: HOST, sid: 's-4' })
    recorder.observe({ ...BASE, status: 3, direction: 'outgoing', peer: HOST, sid: 's-4' })
    await vi.waitFor(() => expect(errors).toHaveLength(1))
  })
})
