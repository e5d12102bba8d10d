import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CallTimers } from './callMachine'
import {
  QUALITY_POLL_INTERVAL_MS,
  VIDEO_FAIR_MAX_FRAMERATE,
  VIDEO_FAIR_SCALE_DOWN_BY,
  VIDEO_POOR_MAX_BITRATE_BPS,
  VIDEO_POOR_MAX_FRAMERATE,
  VIDEO_POOR_SCALE_DOWN_BY,
} from './constants'
import { adaptVideoSender, createQualityMonitor, prioritizeAudio } from './quality'
import type { CallQualityLevel, CallQualitySample, QualityMonitor, QualityMonitorOptions, RtpSenderLike, StatsReportLike } from './quality'

// ---------- A fake network that the statistics reports describe ----------

/** What arrives (and what the other side reports) during one interval. */
interface Interval {
  audioPackets: number
  audioLost: number
  videoPackets: number
  videoLost: number
  /** Video frames decoded during the interval. */
  frames: number
  /** Selected candidate pair's currentRoundTripTime, seconds (null: left out). */
  pairRttS: number | null
  /** remote-inbound-rtp roundTripTime of audio and video, seconds. */
  streamRttS: [number, number]
  /** remote-inbound-rtp fractionLost of audio and video. */
  fractionLost: [number, number]
  availableOutgoingBitrate: number
  localCandidateType: string
  remoteCandidateType: string
}

const HEALTHY: Interval = {
  audioPackets: 100,
  audioLost: 0,
  videoPackets: 400,
  videoLost: 0,
  frames: 48,
  pairRttS: 0.08,
  streamRttS: [0.09, 0.1],
  fractionLost: [0, 0],
  availableOutgoingBitrate: 1_200_000,
  localCandidateType: 'host',
  remoteCandidateType: 'srflx',
}

const BYTES_PER_PACKET = 1_000

/**
 * Counters that grow by `conditions` at every report, as a browser's do; each report is a Map of
 * statistics objects by id, shaped like an RTCStatsReport (Chrome's layout: the transport names the
 * selected pair).
 */
function fakeNetwork() {
  let now = 1_000_000
  const audio = { packetsReceived: 0, packetsLost: 0, bytesReceived: 0 }
  const video = { packetsReceived: 0, packetsLost: 0, bytesReceived: 0, framesDecoded: 0 }
  const network = {
    conditions: { ...HEALTHY } as Interval,
    /** Overrides what the following intervals carry. */
    set(changes: Partial<Interval>) {
      network.conditions = { ...network.conditions, ...changes }
    },
    report(): StatsReportLike {
      const c = network.conditions
      now += QUALITY_POLL_INTERVAL_MS
      audio.packetsReceived += c.audioPackets
      audio.packetsLost += c.audioLost
      audio.bytesReceived += c.audioPackets * BYTES_PER_PACKET
      video.packetsReceived += c.videoPackets
      video.packetsLost += c.videoLost
      video.bytesReceived += c.videoPackets * BYTES_PER_PACKET
      video.framesDecoded += c.frames
      const stats: Record<string, unknown>[] = [
        { id: 'T01', type: 'transport', timestamp: now, selectedCandidatePairId: 'CP-selected' },
        // A pair that is not the selected one: its figures must not be read.
        { id: 'CP-other', type: 'candidate-pair', timestamp: now, state: 'failed', nominated: false, currentRoundTripTime: 9, localCandidateId: 'L-relay', remoteCandidateId: 'R1' },
        {
          id: 'CP-selected',
          type: 'candidate-pair',
          timestamp: now,
          state: 'succeeded',
          nominated: true,
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
          availableOutgoingBitrate: c.availableOutgoingBitrate,
          ...(c.pairRttS === null ? {} : { currentRoundTripTime: c.pairRttS }),
        },
        { id: 'L1', type: 'local-candidate', timestamp: now, candidateType: c.localCandidateType },
        { id: 'L-relay', type: 'local-candidate', timestamp: now, candidateType: 'relay' },
        { id: 'R1', type: 'remote-candidate', timestamp: now, candidateType: c.remoteCandidateType },
        { id: 'IA', type: 'inbound-rtp', kind: 'audio', timestamp: now, ...audio },
        { id: 'IV', type: 'inbound-rtp', kind: 'video', timestamp: now, ...video },
        { id: 'RIA', type: 'remote-inbound-rtp', kind: 'audio', timestamp: now, roundTripTime: c.streamRttS[0], fractionLost: c.fractionLost[0] },
        { id: 'RIV', type: 'remote-inbound-rtp', kind: 'video', timestamp: now, roundTripTime: c.streamRttS[1], fractionLost: c.fractionLost[1] },
      ]
      return new Map(stats.map((stat) => [stat['id'] as string, stat]))
    },
  }
  return network
}

type FakeNetwork = ReturnType<typeof fakeNetwork>

// ---------- The monitor under fake timers ----------

let network: FakeNetwork
let samples: CallQualitySample[]
let errors: unknown[]
let monitor: QualityMonitor | null

beforeEach(() => {
  vi.useFakeTimers()
  network = fakeNetwork()
  samples = []
  errors = []
  monitor = null
})

afterEach(() => {
  monitor?.stop()
  vi.useRealTimers()
})

function start(options: Partial<QualityMonitorOptions> = {}): QualityMonitor {
  monitor = createQualityMonitor({
    getStats: async () => network.report(),
    onSample: (sample) => samples.push(sample),
    onError: (error) => errors.push(error),
    ...options,
  })
  return monitor
}

/** Lets the monitor's first reading (taken at start) settle. */
async function baseline(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0)
}

/** Runs `count` polling intervals. */
async function intervals(count = 1): Promise<void> {
  for (let i = 0; i < count; i++) await vi.advanceTimersByTimeAsync(QUALITY_POLL_INTERVAL_MS)
}

const last = (): CallQualitySample => {
  const sample = samples.at(-1)
  if (!sample) throw new Error('no sample yet')
  return sample
}

/** The level measured for one interval under `changes`, after a healthy baseline. */
async function measuredUnder(changes: Partial<Interval>, options: Partial<QualityMonitorOptions> = {}): Promise<CallQualityLevel> {
  start(options)
  await baseline()
  network.set(changes)
  await intervals()
  return last().measuredLevel
}

describe('createQualityMonitor: what a sample says', () => {
  it('reads at once a baseline with the round trip, bandwidth and route, but no loss or frame rate', async () => {
    start()
    await baseline()
    expect(samples).toHaveLength(1)
    expect(last()).toEqual({
      rttMs: 80,
      packetLoss: null,
      inboundPacketLoss: null,
      outboundPacketLoss: null,
      availableOutgoingKbps: 1_200,
      framesDecodedPerS: null,
      relay: false,
      measuredLevel: 'good',
      level: 'good',
    })
  })

  it('computes loss and frame rate from the difference between successive reports', async () => {
    start()
    await baseline()
    network.set({ videoPackets: 380, videoLost: 20, frames: 30, fractionLost: [0, 0.02] })
    await intervals()
    expect(last()).toMatchObject({ inboundPacketLoss: 0.05, outboundPacketLoss: 0.02, packetLoss: 0.05, framesDecodedPerS: 15 })

    // The lost counter stays where it got to: no new loss during this interval, whatever the total.
    network.set({ videoPackets: 400, videoLost: 0, frames: 48, fractionLost: [0, 0] })
    await intervals()
    expect(last()).toMatchObject({ inboundPacketLoss: 0, outboundPacketLoss: 0, packetLoss: 0, framesDecodedPerS: 24 })
  })

  it('rates audio and video loss apart, so the video packets cannot hide a broken audio', async () => {
    start()
    await baseline()
    network.set({ audioPackets: 80, audioLost: 20, videoPackets: 1_000 })
    await intervals()
    expect(last().inboundPacketLoss).toBe(0.2)
    expect(last().measuredLevel).toBe('poor')
  })

  it('falls back to the streams’ round trip (the longest) when the pair reports none', async () => {
    network.set({ pairRttS: null, streamRttS: [0.2, 0.35] })
    start()
    await baseline()
    expect(last().rttMs).toBe(350)
    expect(last().level).toBe('fair')
  })

  it('tells a relayed route by the selected pair’s local or remote candidate', async () => {
    network.set({ remoteCandidateType: 'relay' })
    start()
    await baseline()
    expect(last().relay).toBe(true)
    network.set({ remoteCandidateType: 'srflx', localCandidateType: 'relay' })
    await intervals()
    expect(last().relay).toBe(true)
  })

  it('finds the selected pair by its `selected` flag or as the nominated, succeeded pair when no transport names it', async () => {
    const pair = (extra: Record<string, unknown>) => ({ type: 'candidate-pair', localCandidateId: 'L', remoteCandidateId: 'R', ...extra })
    const reports: StatsReportLike[] = [
      new Map<string, unknown>([
        ['P1', pair({ id: 'P1', state: 'succeeded', nominated: false, currentRoundTripTime: 5 })],
        ['P2', pair({ id: 'P2', selected: true, currentRoundTripTime: 0.12, availableOutgoingBitrate: 300_000 })],
        ['L', { id: 'L', type: 'local-candidate', candidateType: 'relay' }],
      ]),
      new Map<string, unknown>([
        ['P1', pair({ id: 'P1', state: 'in-progress', nominated: true, currentRoundTripTime: 5 })],
        ['P2', pair({ id: 'P2', state: 'succeeded', nominated: true, currentRoundTripTime: 0.04 })],
      ]),
    ]
    start({ getStats: async () => reports.shift() ?? new Map() })
    await baseline()
    expect(last()).toMatchObject({ rttMs: 120, availableOutgoingKbps: 300, relay: true })
    await intervals()
    expect(last()).toMatchObject({ rttMs: 40, availableOutgoingKbps: null, relay: false })
  })
})

describe('createQualityMonitor: levels', () => {
  it.each<[string, Partial<Interval>, CallQualityLevel]>([
    ['a healthy interval', {}, 'good'],
    ['3 % loss (the limit itself)', { videoPackets: 97, videoLost: 3, audioPackets: 100 }, 'good'],
    ['4 % loss', { videoPackets: 96, videoLost: 4 }, 'fair'],
    ['10 % loss (the limit itself)', { videoPackets: 90, videoLost: 10 }, 'fair'],
    ['11 % loss', { videoPackets: 89, videoLost: 11 }, 'poor'],
    ['12 % of what we send lost', { fractionLost: [0.12, 0] }, 'poor'],
    ['5 % of what we send lost', { fractionLost: [0, 0.05] }, 'fair'],
    ['a 300 ms round trip (the limit itself)', { pairRttS: 0.3 }, 'good'],
    ['a 320 ms round trip', { pairRttS: 0.32 }, 'fair'],
    ['a 600 ms round trip (the limit itself)', { pairRttS: 0.6 }, 'fair'],
    ['a 650 ms round trip', { pairRttS: 0.65 }, 'poor'],
    ['4 video frames a second', { frames: 8 }, 'poor'],
    ['5 video frames a second', { frames: 10 }, 'good'],
  ])('%s → %s', async (_, changes, level) => {
    expect(await measuredUnder(changes)).toBe(level)
  })

  it('does not count a low frame rate while the other side’s video is off', async () => {
    expect(await measuredUnder({ frames: 0 }, { isRemoteVideoOn: () => false })).toBe('good')
  })

  it('reads lost when nothing at all arrived during the interval, and shows it at once', async () => {
    start()
    await baseline()
    network.set({ audioPackets: 0, videoPackets: 0, frames: 0 })
    await intervals()
    expect(last()).toMatchObject({ measuredLevel: 'lost', level: 'lost', inboundPacketLoss: null, framesDecodedPerS: 0 })
  })

  it('reads packets lost with nothing received as lost, not as 100 % loss', async () => {
    expect(await measuredUnder({ audioPackets: 0, audioLost: 50, videoPackets: 0, videoLost: 200, frames: 0 })).toBe('lost')
  })
})

describe('createQualityMonitor: smoothing', () => {
  async function levelsShown(conditions: Partial<Interval>[]): Promise<CallQualityLevel[]> {
    start()
    await baseline()
    for (const changes of conditions) {
      network.conditions = { ...HEALTHY, ...changes }
      await intervals()
    }
    return samples.slice(1).map((sample) => sample.level)
  }

  const POOR: Partial<Interval> = { pairRttS: 0.7 }
  const FAIR: Partial<Interval> = { pairRttS: 0.4 }
  const GOOD: Partial<Interval> = {}

  it('shows a worse level at once and a better one only after two better samples in a row', async () => {
    expect(await levelsShown([POOR, GOOD, GOOD, GOOD])).toEqual(['poor', 'poor', 'good', 'good'])
  })

  it('does not flap on one good sample between bad ones', async () => {
    expect(await levelsShown([POOR, GOOD, POOR, GOOD, POOR])).toEqual(['poor', 'poor', 'poor', 'poor', 'poor'])
  })

  it('recovers to the worst level of the better samples', async () => {
    expect(await levelsShown([POOR, FAIR, GOOD, GOOD, GOOD])).toEqual(['poor', 'poor', 'fair', 'fair', 'good'])
  })

  it('recovers from lost like from any level', async () => {
    expect(await levelsShown([{ audioPackets: 0, videoPackets: 0, frames: 0 }, GOOD, GOOD])).toEqual(['lost', 'lost', 'good'])
  })

  it('keeps the measured level of every sample beside the smoothed one', async () => {
    await levelsShown([POOR, GOOD])
    expect(samples.slice(1).map((sample) => [sample.measuredLevel, sample.level])).toEqual([
      ['poor', 'poor'],
      ['good', 'poor'],
    ])
  })
})

describe('createQualityMonitor: polling', () => {
  /** A getStats whose reads stay under way until the test settles them. */
  function pendingReads() {
    const reads: { resolve(report: StatsReportLike): void; reject(error: unknown): void }[] = []
    const getStats = vi.fn(() => new Promise<StatsReportLike>((resolve, reject) => reads.push({ resolve, reject })))
    return { getStats, reads }
  }

  it('reads every QUALITY_POLL_INTERVAL_MS by default, through the timers it is given', async () => {
    const timers: CallTimers = {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: vi.fn((callback: () => void, ms: number) => setInterval(callback, ms)),
      clearInterval: vi.fn((handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>)),
    }
    const getStats = vi.fn(async () => network.report())
    start({ getStats, timers })
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), QUALITY_POLL_INTERVAL_MS)
    await baseline()
    expect(getStats).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(QUALITY_POLL_INTERVAL_MS - 1)
    expect(getStats).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(getStats).toHaveBeenCalledTimes(2)
    monitor?.stop()
    expect(timers.clearInterval).toHaveBeenCalledTimes(1)
  })

  it('takes another interval when asked', async () => {
    const getStats = vi.fn(async () => network.report())
    start({ getStats, intervalMs: 5_000 })
    await baseline()
    await vi.advanceTimersByTimeAsync(4_999)
    expect(getStats).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(getStats).toHaveBeenCalledTimes(2)
  })

  it('reports a failing read to onError and goes on polling', async () => {
    const failure = new Error('connection closed')
    let calls = 0
    start({
      getStats: () => {
        calls += 1
        if (calls === 2) return Promise.reject(failure)
        if (calls === 3) throw new TypeError('not a function')
        return Promise.resolve(network.report())
      },
    })
    await baseline()
    await intervals(2)
    expect(errors).toEqual([failure, expect.any(TypeError)])
    expect(samples).toHaveLength(1)
    await intervals()
    expect(samples).toHaveLength(2)
    // Rates are taken against the last report that was read.
    expect(last().inboundPacketLoss).toBe(0)
  })

  it('reports an onSample that throws and goes on', async () => {
    const failure = new Error('listener broke')
    let calls = 0
    start({
      onSample: () => {
        calls += 1
        if (calls === 1) throw failure
      },
    })
    await baseline()
    await intervals()
    expect(errors).toEqual([failure])
    expect(calls).toBe(2)
  })

  it('does not start a read while the previous one is still under way', async () => {
    const { getStats, reads } = pendingReads()
    start({ getStats })
    await intervals(3)
    expect(getStats).toHaveBeenCalledTimes(1)
    reads[0]?.resolve(network.report())
    await baseline()
    expect(samples).toHaveLength(1)
    await intervals()
    expect(getStats).toHaveBeenCalledTimes(2)
  })

  it('stops: no read after stop(), and a read under way when it stopped brings no sample', async () => {
    const { getStats, reads } = pendingReads()
    const running = start({ getStats })
    running.stop()
    running.stop()
    reads[0]?.resolve(network.report())
    await intervals(3)
    expect(getStats).toHaveBeenCalledTimes(1)
    expect(samples).toEqual([])
  })

  it('stops: a read under way that fails after stop() is not reported', async () => {
    const { getStats, reads } = pendingReads()
    start({ getStats }).stop()
    reads[0]?.reject(new Error('connection closed'))
    await intervals()
    expect(errors).toEqual([])
    expect(getStats).toHaveBeenCalledTimes(1)
  })
})

// ---------- Sender-side adaptation ----------

function sendParameters(encodings: RTCRtpEncodingParameters[] | undefined): RTCRtpSendParameters {
  // `encodings` may be missing at run time (before negotiation) though the type says otherwise.
  return { transactionId: 'tx-1', codecs: [], headerExtensions: [], rtcp: {}, encodings: encodings as RTCRtpEncodingParameters[] }
}

/** A sender whose getParameters returns a fresh copy of what was last set, as browsers do. */
function fakeSender(encodings: RTCRtpEncodingParameters[] | undefined, setParameters?: (parameters: RTCRtpSendParameters) => Promise<void>) {
  let current = sendParameters(encodings)
  const sender = {
    getParameters: vi.fn(() => structuredClone(current)),
    setParameters: vi.fn(
      setParameters ??
        (async (parameters: RTCRtpSendParameters) => {
          current = structuredClone(parameters)
        }),
    ),
    encodings: () => current.encodings,
  }
  return sender satisfies RtpSenderLike
}

describe('adaptVideoSender', () => {
  it('leaves a sender at full size alone when the connection is good', async () => {
    const sender = fakeSender([{ active: true }])
    expect(await adaptVideoSender(sender, 'good')).toBe('unchanged')
    expect(sender.setParameters).not.toHaveBeenCalled()
  })

  it('scales down and caps the frame rate when fair, and does not set the same again', async () => {
    const sender = fakeSender([{ active: true }])
    expect(await adaptVideoSender(sender, 'fair')).toBe('changed')
    expect(sender.setParameters).toHaveBeenCalledTimes(1)
    expect(sender.setParameters.mock.calls[0]?.[0]).toMatchObject({
      transactionId: 'tx-1',
      encodings: [{ active: true, scaleResolutionDownBy: VIDEO_FAIR_SCALE_DOWN_BY, maxFramerate: VIDEO_FAIR_MAX_FRAMERATE }],
    })
    expect(sender.encodings()[0]).not.toHaveProperty('maxBitrate')

    expect(await adaptVideoSender(sender, 'fair')).toBe('unchanged')
    expect(sender.setParameters).toHaveBeenCalledTimes(1)
  })

  it.each<CallQualityLevel>(['poor', 'lost'])('scales down further and caps frame rate and bitrate when %s', async (level) => {
    const sender = fakeSender([{ active: true }])
    expect(await adaptVideoSender(sender, level)).toBe('changed')
    expect(sender.encodings()).toEqual([
      { active: true, scaleResolutionDownBy: VIDEO_POOR_SCALE_DOWN_BY, maxFramerate: VIDEO_POOR_MAX_FRAMERATE, maxBitrate: VIDEO_POOR_MAX_BITRATE_BPS },
    ])
  })

  it('goes back to full size with no caps once good again', async () => {
    const sender = fakeSender([{ active: true }])
    await adaptVideoSender(sender, 'poor')
    expect(await adaptVideoSender(sender, 'good')).toBe('changed')
    expect(sender.encodings()).toEqual([{ active: true, scaleResolutionDownBy: 1 }])
    expect(sender.setParameters).toHaveBeenCalledTimes(2)
  })

  it('never asks for more than the camera gives (SPEC §9): the scale is at least 1 at every level', async () => {
    for (const level of ['good', 'fair', 'poor', 'lost'] as const) {
      const sender = fakeSender([{ scaleResolutionDownBy: 1 }])
      await adaptVideoSender(sender, level)
      expect(sender.encodings()[0]?.scaleResolutionDownBy).toBeGreaterThanOrEqual(1)
    }
  })

  it.each([
    ['no encodings yet', []],
    ['no encodings field', undefined],
  ])('reports a sender with %s and sets nothing', async (_, encodings) => {
    const sender = fakeSender(encodings)
    expect(await adaptVideoSender(sender, 'poor')).toBe('no-encodings')
    expect(sender.setParameters).not.toHaveBeenCalled()
  })

  it('reports a refused setParameters (InvalidStateError) instead of throwing', async () => {
    const refusal = new DOMException('sender is stopped', 'InvalidStateError')
    const sender = fakeSender([{ active: true }], () => Promise.reject(refusal))
    const onError = vi.fn()
    expect(await adaptVideoSender(sender, 'poor', { onError })).toBe('failed')
    expect(onError).toHaveBeenCalledWith(refusal)
  })

  it('reports a throwing getParameters instead of throwing', async () => {
    const failure = new Error('closed')
    const sender = fakeSender([{ active: true }])
    sender.getParameters.mockImplementation(() => {
      throw failure
    })
    const onError = vi.fn()
    expect(await adaptVideoSender(sender, 'fair', { onError })).toBe('failed')
    expect(onError).toHaveBeenCalledWith(failure)
    expect(sender.setParameters).not.toHaveBeenCalled()
  })
})

describe('prioritizeAudio', () => {
  it('raises priority and networkPriority to high once', async () => {
    const sender = fakeSender([{ active: true, priority: 'low', networkPriority: 'low' }])
    expect(await prioritizeAudio(sender)).toBe('changed')
    expect(sender.encodings()).toEqual([{ active: true, priority: 'high', networkPriority: 'high' }])
    expect(await prioritizeAudio(sender)).toBe('unchanged')
    expect(sender.setParameters).toHaveBeenCalledTimes(1)
  })

  it('leaves a browser without these fields alone', async () => {
    const sender = fakeSender([{ active: true }])
    expect(await prioritizeAudio(sender)).toBe('unchanged')
    expect(sender.setParameters).not.toHaveBeenCalled()
  })

  it('sets only the field the browser has', async () => {
    const sender = fakeSender([{ priority: 'low' }])
    expect(await prioritizeAudio(sender)).toBe('changed')
    expect(sender.encodings()).toEqual([{ priority: 'high' }])
  })

  it('reports a refused setParameters instead of throwing', async () => {
    const refusal = new DOMException('sender is stopped', 'InvalidStateError')
    const onError = vi.fn()
    const sender = fakeSender([{ priority: 'low', networkPriority: 'low' }], () => Promise.reject(refusal))
    expect(await prioritizeAudio(sender, { onError })).toBe('failed')
    expect(onError).toHaveBeenCalledWith(refusal)
  })
})
