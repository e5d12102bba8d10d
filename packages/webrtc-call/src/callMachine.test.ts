import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Mock } from 'vitest'
import { createCallMachine } from './callMachine'
import type { CallMachine, CallTimers } from './callMachine'
import { CallFailureReason, CallStatus } from './callTypes'
import { CallStartError } from './guards'
import { createFakeSignalling } from './test-utils/fakeSignalling'
import type { FakeSignalling } from './test-utils/fakeSignalling'

const CALLEE = 'anchor_200001@localhost'
const CALLER = 'user_100001@localhost'

function fakeTimerFns(): CallTimers {
  return {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  }
}

let signalling: FakeSignalling
let machine: CallMachine
let onHeartbeat: Mock<(info: { sid: string | null; count: number }) => void>
let onError: Mock<(error: unknown) => void>

beforeEach(() => {
  vi.useFakeTimers()
  signalling = createFakeSignalling()
  onHeartbeat = vi.fn<(info: { sid: string | null; count: number }) => void>()
  onError = vi.fn<(error: unknown) => void>()
  machine = createCallMachine({ signalling, timers: fakeTimerFns(), onHeartbeat, onError })
})

afterEach(() => {
  vi.useRealTimers()
})

function heartbeatsSent(): number {
  return signalling.sent.filter((entry) => entry.action === 'SessionHeartbeat').length
}

describe('outgoing call', () => {
  it('goes Initial → Connecting and sends SessionRequest with the callee', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    expect(machine.getSnapshot()).toMatchObject({
      status: CallStatus.Connecting,
      direction: 'outgoing',
      peer: CALLEE,
      failure: null,
    })
    expect(signalling.sent).toEqual([{ action: 'SessionRequest', payload: { callee: CALLEE } }])
  })

  it('records the sid from SessionSuccess', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    signalling.emit('SessionSuccess', { sid: 's-1' })
    expect(machine.getSnapshot().sid).toBe('s-1')
  })

  it('becomes Connected when remote media arrives', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    expect(machine.remoteMediaArrived()).toBe(true)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
  })

  it('fails with sendSession Unknown error when the request cannot be sent', async () => {
    signalling.failSends('SessionRequest')
    await machine.startOutgoing({ callee: CALLEE })
    expect(machine.getSnapshot()).toMatchObject({
      status: CallStatus.Failed,
      failure: { reason: 'sendSession Unknown error' },
    })
    expect(onError).toHaveBeenCalledTimes(1)
  })
})

describe('incoming call', () => {
  it('goes Initial → CallIn with sid, caller and price', () => {
    machine.receiveIncoming({ sid: 's-9', caller: CALLER, price: 60 })
    expect(machine.getSnapshot()).toMatchObject({
      status: CallStatus.CallIn,
      direction: 'incoming',
      peer: CALLER,
      sid: 's-9',
      price: 60,
    })
  })

  it('becomes Connected when remote media arrives', () => {
    machine.receiveIncoming({ sid: 's-9', caller: CALLER, price: 60 })
    expect(machine.remoteMediaArrived()).toBe(true)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
  })

  it('SessionFail on an incoming call fails with callInSessionFail', () => {
    machine.receiveIncoming({ sid: 's-9', caller: CALLER, price: 60 })
    signalling.emit('SessionFail')
    expect(machine.getSnapshot().failure).toEqual({ reason: 'callInSessionFail' })
  })
})

describe('one call at a time', () => {
  it('rejects a second outgoing call while one is connecting', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    await expect(machine.startOutgoing({ callee: 'anchor_200002@localhost' })).rejects.toThrow(
      'one call allowed once',
    )
    expect(machine.getSnapshot().peer).toBe(CALLEE)
  })

  it('rejects an incoming call while connected', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    expect(() => machine.receiveIncoming({ sid: 's', caller: CALLER, price: 1 })).toThrow(
      CallStartError,
    )
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
  })

  it('rejects an outgoing call while an incoming one rings', async () => {
    machine.receiveIncoming({ sid: 's', caller: CALLER, price: 1 })
    const error: unknown = await machine.startOutgoing({ callee: CALLEE }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CallStartError)
    expect((error as CallStartError).code).toBe('one call allowed once')
  })

  it('starts only from Initial: an ended call must be reset first', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.stop()
    await expect(machine.startOutgoing({ callee: CALLEE })).rejects.toThrow(CallStartError)
    machine.reset()
    expect(machine.getSnapshot().status).toBe(CallStatus.Initial)
    await machine.startOutgoing({ callee: CALLEE })
    expect(machine.getSnapshot().status).toBe(CallStatus.Connecting)
  })

  it('a late rejected request of an earlier call does not fail the next call', async () => {
    let rejectFirst: (error: Error) => void = () => undefined
    const slow = createFakeSignalling()
    const send = slow.send.bind(slow)
    let first = true
    slow.send = (action, payload) => {
      if (action === 'SessionRequest' && first) {
        first = false
        return new Promise<void>((_, reject) => {
          rejectFirst = reject
        })
      }
      return send(action, payload)
    }
    const m = createCallMachine({ signalling: slow, timers: fakeTimerFns() })
    const firstStart = m.startOutgoing({ callee: CALLEE })
    m.stop()
    m.reset()
    await m.startOutgoing({ callee: CALLEE })
    rejectFirst(new Error('late'))
    await firstStart
    expect(m.getSnapshot().status).toBe(CallStatus.Connecting)
  })
})

describe('illegal transitions change nothing', () => {
  it('remote media in Initial, Disconnected or Failed is ignored', async () => {
    expect(machine.remoteMediaArrived()).toBe(false)
    expect(machine.getSnapshot().status).toBe(CallStatus.Initial)
    await machine.startOutgoing({ callee: CALLEE })
    machine.stop()
    expect(machine.remoteMediaArrived()).toBe(false)
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
    machine.reset()
    await machine.startOutgoing({ callee: CALLEE })
    machine.fail('sdp fail')
    expect(machine.remoteMediaArrived()).toBe(false)
    expect(machine.getSnapshot().status).toBe(CallStatus.Failed)
  })

  it('a second remote track while connected does not restart the heartbeat', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    expect(machine.remoteMediaArrived()).toBe(false)
    vi.advanceTimersByTime(5_000)
    expect(heartbeatsSent()).toBe(1)
  })

  it('stop and fail without an active call return false', async () => {
    expect(machine.stop()).toBe(false)
    expect(machine.fail('SessionFail')).toBe(false)
    expect(machine.getSnapshot().status).toBe(CallStatus.Initial)
    await machine.startOutgoing({ callee: CALLEE })
    machine.fail('SessionFail')
    expect(machine.stop()).toBe(false)
    expect(machine.fail('timeOut')).toBe(false)
    expect(machine.getSnapshot().failure).toEqual({ reason: 'SessionFail' })
  })

  it('reset is a no-op while a call is active', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.reset()
    expect(machine.getSnapshot().status).toBe(CallStatus.Connecting)
  })
})

describe('stop', () => {
  it('from Connected sends SessionTerminate and goes Disconnected', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    signalling.emit('SessionSuccess', { sid: 's-1' })
    machine.remoteMediaArrived()
    expect(machine.stop()).toBe(true)
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
    expect(signalling.sent.at(-1)).toEqual({ action: 'SessionTerminate', payload: { sid: 's-1' } })
  })

  it('from Connecting or CallIn sends CallCancel', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.stop()
    expect(signalling.sent.at(-1)).toEqual({
      action: 'CallCancel',
      payload: { sid: null, peer: CALLEE },
    })
    machine.reset()
    machine.receiveIncoming({ sid: 's-2', caller: CALLER, price: 5 })
    machine.stop()
    expect(signalling.sent.at(-1)).toEqual({
      action: 'CallCancel',
      payload: { sid: 's-2', peer: CALLER },
    })
  })

  it('a rejected hang-up notice is reported, not thrown', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    signalling.failSends('SessionTerminate')
    expect(machine.stop()).toBe(true)
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
  })
})

describe('60 s setup timeout', () => {
  it('is still connecting at 59 999 ms and failed with timeOut at 60 000 ms', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    vi.advanceTimersByTime(59_999)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connecting)
    vi.advanceTimersByTime(1)
    expect(machine.getSnapshot()).toMatchObject({
      status: CallStatus.Failed,
      failure: { reason: CallFailureReason.TimeOut },
    })
  })

  it('does not fire once connected', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    vi.advanceTimersByTime(30_000)
    machine.remoteMediaArrived()
    vi.advanceTimersByTime(60_000)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
  })

  it('does not fail a later call after the first was stopped', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    vi.advanceTimersByTime(40_000)
    machine.stop()
    machine.reset()
    await machine.startOutgoing({ callee: CALLEE })
    vi.advanceTimersByTime(59_999)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connecting)
  })
})

describe('heartbeat', () => {
  it('sends SessionHeartbeat every 5 s only while connected', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    signalling.emit('SessionSuccess', { sid: 's-1' })
    vi.advanceTimersByTime(20_000)
    expect(heartbeatsSent()).toBe(0)
    machine.remoteMediaArrived()
    vi.advanceTimersByTime(4_999)
    expect(heartbeatsSent()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(heartbeatsSent()).toBe(1)
    expect(signalling.sent.at(-1)).toEqual({ action: 'SessionHeartbeat', payload: { sid: 's-1' } })
    vi.advanceTimersByTime(10_000)
    expect(heartbeatsSent()).toBe(3)
    expect(machine.getSnapshot().heartbeats).toBe(3)
    expect(onHeartbeat).toHaveBeenLastCalledWith({ sid: 's-1', count: 3 })
    machine.stop()
    vi.advanceTimersByTime(60_000)
    expect(heartbeatsSent()).toBe(3)
  })

  it('stops when the call fails', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    vi.advanceTimersByTime(5_000)
    machine.fail('sdp fail')
    vi.advanceTimersByTime(30_000)
    expect(heartbeatsSent()).toBe(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps going when one heartbeat cannot be sent', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    signalling.failSends('SessionHeartbeat')
    vi.advanceTimersByTime(10_000)
    expect(heartbeatsSent()).toBe(2)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2))
  })
})

describe('clean-up', () => {
  it('runs every step once, newest first, and clears the timers on failure', async () => {
    const order: string[] = []
    machine.registerCleanup(() => order.push('stop tracks'))
    machine.registerCleanup(() => order.push('close peer connection'))
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    expect(vi.getTimerCount()).toBe(1)
    machine.fail({ reason: 'sdp fail' })
    expect(order).toEqual(['close peer connection', 'stop tracks'])
    expect(vi.getTimerCount()).toBe(0)
    machine.stop()
    machine.fail('timeOut')
    machine.reset()
    expect(order).toHaveLength(2)
  })

  it('runs on stop and on the setup timeout', async () => {
    const step = vi.fn()
    machine.registerCleanup(step)
    await machine.startOutgoing({ callee: CALLEE })
    machine.stop()
    expect(step).toHaveBeenCalledTimes(1)
    machine.reset()
    const second = vi.fn()
    machine.registerCleanup(second)
    await machine.startOutgoing({ callee: CALLEE })
    vi.advanceTimersByTime(60_000)
    expect(second).toHaveBeenCalledTimes(1)
    expect(step).toHaveBeenCalledTimes(1)
  })

  it('a throwing step does not stop the others and is reported', async () => {
    const after = vi.fn()
    machine.registerCleanup(after)
    machine.registerCleanup(() => {
      throw new Error('track already stopped')
    })
    await machine.startOutgoing({ callee: CALLEE })
    machine.stop()
    expect(after).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledWith(new Error('track already stopped'))
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
  })

  it('a removed step does not run', async () => {
    const step = vi.fn()
    const remove = machine.registerCleanup(step)
    remove()
    await machine.startOutgoing({ callee: CALLEE })
    machine.stop()
    expect(step).not.toHaveBeenCalled()
  })
})

describe('actions from the hub', () => {
  it('CallCancel with gems-insufficient fails with Gems insufficient and its i18n key', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    signalling.emit('CallCancel', { reason: 'gems-insufficient' })
    expect(machine.getSnapshot()).toMatchObject({
      status: CallStatus.Failed,
      failure: { reason: 'Gems insufficient', i18nKey: 'on_call_insuffic' },
    })
  })

  it('a plain CallCancel ends the call as Disconnected', async () => {
    machine.receiveIncoming({ sid: 's', caller: CALLER, price: 1 })
    signalling.emit('CallCancel', { reason: 'caller-hung-up' })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Disconnected, failure: null })
  })

  it('SessionFail on an outgoing call fails with SessionFail', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    signalling.emit('SessionFail')
    expect(machine.getSnapshot().failure).toEqual({ reason: 'SessionFail' })
  })

  it('CallError with an unknown reason fails with sidNonExistent', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    signalling.emit('CallError', { reason: 'whatever' })
    expect(machine.getSnapshot().failure).toEqual({ reason: 'sidNonExistent' })
  })

  it('SessionTerminate ends a connected call without answering back', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    const sentBefore = signalling.sent.length
    signalling.emit('SessionTerminate', { reason: 'gems' })
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
    expect(signalling.sent).toHaveLength(sentBefore)
  })

  it('SessionTerminate for media that could not be recovered fails the call with media-lost', async () => {
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    signalling.emit('SessionTerminate', { reason: 'media-lost' })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Failed, failure: { reason: CallFailureReason.MediaLost } })
  })

  it('actions without an active call are ignored', () => {
    signalling.emit('SessionFail')
    signalling.emit('CallError', { reason: 'x' })
    signalling.emit('SessionSuccess', { sid: 's' })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Initial, sid: null })
  })
})

describe('subscribe and dispose', () => {
  it('notifies listeners with the new and previous snapshot until unsubscribed', async () => {
    const seen: Array<[number, number]> = []
    const unsubscribe = machine.subscribe((next, previous) => {
      seen.push([previous.status, next.status])
    })
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    machine.stop()
    unsubscribe()
    machine.reset()
    expect(seen).toEqual([
      [CallStatus.Initial, CallStatus.Connecting],
      [CallStatus.Connecting, CallStatus.Connected],
      [CallStatus.Connected, CallStatus.Disconnected],
    ])
  })

  it('dispose ends the active call, stops listening and refuses new calls', async () => {
    const step = vi.fn()
    machine.registerCleanup(step)
    await machine.startOutgoing({ callee: CALLEE })
    machine.remoteMediaArrived()
    machine.dispose()
    expect(step).toHaveBeenCalledTimes(1)
    expect(signalling.listenerCount()).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
    expect(machine.getSnapshot().status).toBe(CallStatus.Disconnected)
    expect(() => machine.receiveIncoming({ sid: 's', caller: CALLER, price: 1 })).toThrow(
      CallStartError,
    )
  })
})

describe('CallCheck after a reconnect', () => {
  async function connectedCall(sid = 's-1'): Promise<void> {
    await machine.startOutgoing({ callee: CALLEE })
    signalling.emit('SessionSuccess', { sid })
    machine.remoteMediaArrived()
  }

  it('asks the hub about the sid and keeps the call when it is alive', async () => {
    await connectedCall()
    const checking = machine.checkAlive()
    expect(signalling.sent.at(-1)).toEqual({ action: 'CallCheck', payload: { sid: 's-1' } })
    signalling.emit('CallCheck', { sid: 's-1', alive: true, state: 'connected' })
    await expect(checking).resolves.toBe('alive')
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Connected, failure: null })
    // The answer's time-out was cleared; only the heartbeat interval is left.
    expect(vi.getTimerCount()).toBe(1)
  })

  it("ends the call cleanly when the hub answers CallError sidNonExistent for the sid", async () => {
    const step = vi.fn()
    await connectedCall()
    machine.registerCleanup(step)
    const checking = machine.checkAlive()
    signalling.emit('CallError', { sid: 's-1', reason: 'sidNonExistent', action: 'CallCheck' })
    await expect(checking).resolves.toBe('ended')
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Failed, failure: { reason: 'sidNonExistent' } })
    expect(step).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ends the call when the hub says the sid is not alive', async () => {
    await connectedCall()
    const checking = machine.checkAlive()
    signalling.emit('CallCheck', { sid: 's-1', alive: false })
    await expect(checking).resolves.toBe('ended')
    expect(machine.getSnapshot().failure).toEqual({ reason: 'sidNonExistent', detail: 'CallCheck' })
  })

  it('ends the call when the hub does not answer within 10 s', async () => {
    const step = vi.fn()
    await connectedCall()
    machine.registerCleanup(step)
    const checking = machine.checkAlive()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    await vi.advanceTimersByTimeAsync(1)
    await expect(checking).resolves.toBe('ended')
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Failed, failure: { reason: 'sidNonExistent', detail: 'CallCheck' } })
    expect(step).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ignores answers about another sid', async () => {
    await connectedCall('s-2')
    const checking = machine.checkAlive()
    signalling.emit('CallCheck', { sid: 's-old', alive: false })
    signalling.emit('CallError', { sid: 's-old', reason: 'sidNonExistent' })
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    signalling.emit('CallCheck', { sid: 's-2', alive: true })
    await expect(checking).resolves.toBe('alive')
  })

  it('leaves the call as it is when the question cannot be sent', async () => {
    await connectedCall()
    signalling.failSends('CallCheck')
    await expect(machine.checkAlive()).resolves.toBe('unknown')
    expect(machine.getSnapshot().status).toBe(CallStatus.Connected)
    expect(onError).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(1)
  })

  it('has nothing to ask without an active call or before the hub gave a sid', async () => {
    await expect(machine.checkAlive()).resolves.toBe('none')
    await machine.startOutgoing({ callee: CALLEE })
    await expect(machine.checkAlive()).resolves.toBe('none')
    expect(signalling.sent.map((entry) => entry.action)).toEqual(['SessionRequest'])
  })

  it('an incoming ringing call is checked by the sid of its CallIn', async () => {
    machine.receiveIncoming({ sid: 's-in', caller: CALLER, price: 60 })
    const checking = machine.checkAlive()
    signalling.emit('CallError', { sid: 's-in', reason: 'sidNonExistent' })
    await expect(checking).resolves.toBe('ended')
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Failed, failure: { reason: 'sidNonExistent' } })
  })

  it('a call that ends while the question is out resolves ended without failing anything', async () => {
    await connectedCall()
    const checking = machine.checkAlive()
    machine.stop()
    await expect(checking).resolves.toBe('ended')
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Disconnected, failure: null })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('silver (low-tier) calls', () => {
  it('an outgoing silver call asks the hub for one and keeps its tier', async () => {
    await machine.startOutgoing({ callee: CALLEE, tier: 'silver', request: { timezoneOffset: 330 } })
    expect(signalling.sent).toEqual([{ action: 'SessionRequest', payload: { timezoneOffset: 330, callee: CALLEE, silver: true } }])
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.Connecting, tier: 'silver' })
  })

  it('a standard call sends no silver flag and reads tier standard; the tier resets with the next call', async () => {
    await machine.startOutgoing({ callee: CALLEE, tier: 'silver' })
    machine.stop()
    machine.reset()
    expect(machine.getSnapshot().tier).toBe('standard')
    await machine.startOutgoing({ callee: CALLEE })
    expect(signalling.sent.at(-1)).toEqual({ action: 'SessionRequest', payload: { callee: CALLEE } })
    expect(machine.getSnapshot().tier).toBe('standard')
  })

  it('an incoming call keeps the tier the hub announced', () => {
    machine.receiveIncoming({ sid: 's-9', caller: CALLER, price: 25, tier: 'silver' })
    expect(machine.getSnapshot()).toMatchObject({ status: CallStatus.CallIn, tier: 'silver', price: 25 })
  })
})
