import type { CallTimers } from './callMachine'
import {
  QUALITY_FAIR_PACKET_LOSS,
  QUALITY_FAIR_RTT_MS,
  QUALITY_POLL_INTERVAL_MS,
  QUALITY_POOR_FRAMES_PER_S,
  QUALITY_POOR_PACKET_LOSS,
  QUALITY_POOR_RTT_MS,
  QUALITY_RECOVERY_SAMPLES,
  VIDEO_FAIR_MAX_FRAMERATE,
  VIDEO_FAIR_SCALE_DOWN_BY,
  VIDEO_POOR_MAX_BITRATE_BPS,
  VIDEO_POOR_MAX_FRAMERATE,
  VIDEO_POOR_SCALE_DOWN_BY,
} from './constants'

/**
 * How the call's connection is doing, best first. 'lost': nothing at all arrived from the other side
 * during the last interval.
 */
export type CallQualityLevel = 'good' | 'fair' | 'poor' | 'lost'

/** Best first: a level's index is its rank, a higher index is worse. */
const LEVELS: readonly CallQualityLevel[] = ['good', 'fair', 'poor', 'lost']

const rank = (level: CallQualityLevel): number => LEVELS.indexOf(level)

/** One reading of the connection, made from two successive statistics reports. */
export interface CallQualitySample {
  /** Round-trip time in ms (the selected candidate pair's, else the longest the other side reports); null when unknown. */
  readonly rttMs: number | null
  /** The worse of `inboundPacketLoss` and `outboundPacketLoss`: the figure the level is rated on. */
  readonly packetLoss: number | null
  /**
   * Fraction (0..1) of the packets sent to us that were lost during the interval, for audio and for
   * video separately, whichever is worse (summed, the video's many packets would hide a broken audio).
   * Null on the first report (a loss over an interval needs two) and when no packets were expected.
   */
  readonly inboundPacketLoss: number | null
  /** Fraction (0..1) of what we send that the other side reports lost (remote-inbound-rtp `fractionLost`, the worse stream); null on the first report. */
  readonly outboundPacketLoss: number | null
  /** What the browser estimates we can send, in kbit/s (candidate pair `availableOutgoingBitrate`); null when not reported. */
  readonly availableOutgoingKbps: number | null
  /** Frames of the other side's video decoded per second over the interval; null without video or on the first report. */
  readonly framesDecodedPerS: number | null
  /** Whether the media goes through a TURN relay (the selected pair's local or remote candidate is of type 'relay'). */
  readonly relay: boolean
  /** The level this sample alone rates. */
  readonly measuredLevel: CallQualityLevel
  /** The level to show: `measuredLevel` smoothed (see `QUALITY_RECOVERY_SAMPLES`). */
  readonly level: CallQualityLevel
}

/** An `RTCStatsReport` (a map of statistics objects by id), as `RTCPeerConnection.getStats()` resolves it. */
export type StatsReportLike = ReadonlyMap<string, unknown>

export interface QualityMonitorOptions {
  /** The peer connection's statistics, e.g. `() => connection.getStats()`. */
  getStats: () => Promise<StatsReportLike>
  /** Interval timers (the call machine's `CallTimers` fit); the platform's by default. */
  timers?: Pick<CallTimers, 'setInterval' | 'clearInterval'>
  /** Time between two readings; `QUALITY_POLL_INTERVAL_MS` by default. */
  intervalMs?: number
  /** Called with every reading, the first at once (a baseline: round trip only), then once per interval. */
  onSample: (sample: CallQualitySample) => void
  /** Called when reading the statistics (or `onSample`) throws; polling goes on. */
  onError?: (error: unknown) => void
  /**
   * Whether the other side's video is expected to play (the camera there is on, the video is on screen).
   * While false, a low frame rate does not count against the connection: a camera turned off sends
   * next to no frames. True by default.
   */
  isRemoteVideoOn?: () => boolean
}

export interface QualityMonitor {
  /** Ends polling; a reading under way is dropped. Safe to call twice. */
  stop(): void
}

/** What the monitor keeps of one report: the counters it needs the next report's to turn into rates. */
interface InboundCounters {
  readonly kind: 'audio' | 'video'
  /** ms, the report's own clock. */
  readonly timestamp: number | null
  readonly packetsLost: number
  readonly packetsReceived: number
  readonly bytesReceived: number
  readonly framesDecoded: number | null
}

interface ReportReading {
  readonly inbound: ReadonlyMap<string, InboundCounters>
  readonly rttMs: number | null
  readonly outboundPacketLoss: number | null
  readonly availableOutgoingKbps: number | null
  readonly relay: boolean
}

/** A statistics object as the report holds it: read field by field, never trusted to have one. */
type Stat = Readonly<Record<string, unknown>>

function asStat(value: unknown): Stat | null {
  return value !== null && typeof value === 'object' ? (value as Stat) : null
}

function numberField(stat: Stat | null, key: string): number | null {
  const value = stat?.[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

function stringField(stat: Stat | null, key: string): string | null {
  const value = stat?.[key]
  return typeof value === 'string' ? value : null
}

function statsOfType(report: StatsReportLike, type: string): Stat[] {
  const found: Stat[] = []
  for (const value of report.values()) {
    const stat = asStat(value)
    if (stringField(stat, 'type') === type && stat) found.push(stat)
  }
  return found
}

/**
 * The candidate pair the media flows over: the one the transport names (standard), else the one
 * flagged `selected` (Firefox), else a nominated pair that succeeded.
 */
function selectedCandidatePair(report: StatsReportLike): Stat | null {
  for (const transport of statsOfType(report, 'transport')) {
    const id = stringField(transport, 'selectedCandidatePairId')
    const pair = id ? asStat(report.get(id)) : null
    if (pair) return pair
  }
  const pairs = statsOfType(report, 'candidate-pair')
  return (
    pairs.find((pair) => pair['selected'] === true) ??
    pairs.find((pair) => pair['nominated'] === true && pair['state'] === 'succeeded') ??
    null
  )
}

function isRelayCandidate(report: StatsReportLike, id: string | null): boolean {
  return id !== null && stringField(asStat(report.get(id)), 'candidateType') === 'relay'
}

/** The largest of the numbers, ignoring the missing ones; null when none is there. */
function largest(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null)
  return present.length > 0 ? Math.max(...present) : null
}

function readReport(report: StatsReportLike): ReportReading {
  const inbound = new Map<string, InboundCounters>()
  for (const stat of statsOfType(report, 'inbound-rtp')) {
    const kind = stringField(stat, 'kind')
    const id = stringField(stat, 'id')
    if ((kind !== 'audio' && kind !== 'video') || id === null) continue
    inbound.set(id, {
      kind,
      timestamp: numberField(stat, 'timestamp'),
      packetsLost: numberField(stat, 'packetsLost') ?? 0,
      packetsReceived: numberField(stat, 'packetsReceived') ?? 0,
      bytesReceived: numberField(stat, 'bytesReceived') ?? 0,
      framesDecoded: numberField(stat, 'framesDecoded'),
    })
  }

  const remoteInbound = statsOfType(report, 'remote-inbound-rtp')
  const pair = selectedCandidatePair(report)
  const pairRtt = numberField(pair, 'currentRoundTripTime')
  // Statistics give seconds; the longest stream's round trip when the pair has none (RTCP measures it per stream).
  const rttSeconds = pairRtt ?? largest(remoteInbound.map((stat) => numberField(stat, 'roundTripTime')))
  const outgoingBps = numberField(pair, 'availableOutgoingBitrate')
  return {
    inbound,
    rttMs: rttSeconds === null ? null : rttSeconds * 1000,
    outboundPacketLoss: largest(remoteInbound.map((stat) => numberField(stat, 'fractionLost'))),
    availableOutgoingKbps: outgoingBps === null ? null : outgoingBps / 1000,
    relay: isRelayCandidate(report, stringField(pair, 'localCandidateId')) || isRelayCandidate(report, stringField(pair, 'remoteCandidateId')),
  }
}

interface IntervalMeasures {
  /** Bytes that arrived over the interval on streams seen in both reports; null when no stream was. */
  readonly bytesReceived: number | null
  readonly inboundPacketLoss: number | null
  readonly framesDecodedPerS: number | null
}

/** Rates over the interval between two readings, stream by stream (an id seen once, or counters that went back, is skipped). */
function measureInterval(previous: ReportReading, current: ReportReading, fallbackSeconds: number): IntervalMeasures {
  let bytes: number | null = null
  const lost = { audio: 0, video: 0 }
  const expected = { audio: 0, video: 0 }
  let frameRate: number | null = null
  for (const [id, now] of current.inbound) {
    const before = previous.inbound.get(id)
    if (!before || before.kind !== now.kind) continue
    const receivedDelta = now.packetsReceived - before.packetsReceived
    const bytesDelta = now.bytesReceived - before.bytesReceived
    if (receivedDelta < 0 || bytesDelta < 0) continue
    // packetsLost may fall (late or duplicated packets): never below none lost.
    const lostDelta = Math.max(0, now.packetsLost - before.packetsLost)
    bytes = (bytes ?? 0) + bytesDelta
    lost[now.kind] += lostDelta
    expected[now.kind] += lostDelta + receivedDelta
    if (now.kind === 'video' && now.framesDecoded !== null && before.framesDecoded !== null) {
      const elapsedMs = now.timestamp !== null && before.timestamp !== null ? now.timestamp - before.timestamp : 0
      const seconds = elapsedMs > 0 ? elapsedMs / 1000 : fallbackSeconds
      frameRate = (frameRate ?? 0) + Math.max(0, now.framesDecoded - before.framesDecoded) / seconds
    }
  }
  const fraction = (kind: 'audio' | 'video') => (expected[kind] > 0 ? lost[kind] / expected[kind] : null)
  return { bytesReceived: bytes, inboundPacketLoss: largest([fraction('audio'), fraction('video')]), framesDecodedPerS: frameRate }
}

/**
 * The level of one sample (thresholds and their sources: constants.ts). 'lost' when streams that were
 * there before brought no byte at all; then the worst that loss, round trip or frame rate says.
 */
function rateSample(
  measures: IntervalMeasures | null,
  packetLoss: number | null,
  rttMs: number | null,
  remoteVideoOn: boolean,
): CallQualityLevel {
  if (measures?.bytesReceived === 0) return 'lost'
  const loss = packetLoss ?? 0
  const rtt = rttMs ?? 0
  const frames = measures?.framesDecodedPerS ?? null
  if (loss > QUALITY_POOR_PACKET_LOSS || rtt > QUALITY_POOR_RTT_MS || (remoteVideoOn && frames !== null && frames < QUALITY_POOR_FRAMES_PER_S)) {
    return 'poor'
  }
  if (loss > QUALITY_FAIR_PACKET_LOSS || rtt > QUALITY_FAIR_RTT_MS) return 'fair'
  return 'good'
}

/**
 * Smooths the measured level: a level as bad or worse than the one shown shows at once; a better one
 * only after `QUALITY_RECOVERY_SAMPLES` better samples in a row, and then the worst of them (the shown
 * level never claims more than every one of those samples measured).
 */
function createLevelSmoother(): (measured: CallQualityLevel) => CallQualityLevel {
  let shown: CallQualityLevel | null = null
  let better: CallQualityLevel[] = []
  return (measured) => {
    if (shown === null || rank(measured) >= rank(shown)) {
      shown = measured
      better = []
      return shown
    }
    better.push(measured)
    if (better.length >= QUALITY_RECOVERY_SAMPLES) {
      shown = better.reduce((worst, level) => (rank(level) > rank(worst) ? level : worst))
      better = []
    }
    return shown
  }
}

const PLATFORM_TIMERS: Pick<CallTimers, 'setInterval' | 'clearInterval'> = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof clearInterval>[0]),
}

/**
 * Reads the call's statistics at once and then every `intervalMs`, and hands each reading to
 * `onSample`: round trip, packet loss both ways, the outgoing bandwidth estimate, the frame rate of
 * the other side's video, whether a relay carries the call, and a smoothed level for the indicator.
 * Rates come from the difference between successive reports, so the first reading is a baseline with
 * no loss or frame-rate figure. A reading still under way when the next is due is not doubled (slow
 * phones); one that fails is reported to `onError` and the next goes ahead.
 */
export function createQualityMonitor(options: QualityMonitorOptions): QualityMonitor {
  const timers = options.timers ?? PLATFORM_TIMERS
  const intervalMs = options.intervalMs ?? QUALITY_POLL_INTERVAL_MS
  const smooth = createLevelSmoother()
  let previous: ReportReading | null = null
  let reading = false
  let stopped = false

  const report = (error: unknown) => {
    if (!stopped) options.onError?.(error)
  }

  async function poll(): Promise<void> {
    if (reading || stopped) return
    reading = true
    try {
      const stats = await options.getStats()
      if (stopped) return
      const current = readReport(stats)
      const measures = previous ? measureInterval(previous, current, intervalMs / 1000) : null
      const outboundPacketLoss = previous ? current.outboundPacketLoss : null
      const inboundPacketLoss = measures?.inboundPacketLoss ?? null
      const packetLoss = largest([inboundPacketLoss, outboundPacketLoss])
      previous = current
      const measuredLevel = rateSample(measures, packetLoss, current.rttMs, options.isRemoteVideoOn?.() ?? true)
      options.onSample({
        rttMs: current.rttMs,
        packetLoss,
        inboundPacketLoss,
        outboundPacketLoss,
        availableOutgoingKbps: current.availableOutgoingKbps,
        framesDecodedPerS: measures?.framesDecodedPerS ?? null,
        relay: current.relay,
        measuredLevel,
        level: smooth(measuredLevel),
      })
    } catch (error) {
      report(error)
    } finally {
      reading = false
    }
  }

  const handle = timers.setInterval(() => void poll(), intervalMs)
  void poll()

  return {
    stop() {
      if (stopped) return
      stopped = true
      timers.clearInterval(handle)
    },
  }
}

/** The part of an `RTCRtpSender` that adaptation uses. */
export interface RtpSenderLike {
  getParameters(): RTCRtpSendParameters
  setParameters(parameters: RTCRtpSendParameters): Promise<void>
}

/**
 * What an adaptation did: 'changed' (setParameters went through), 'unchanged' (nothing to change, so
 * setParameters was not called), 'no-encodings' (the sender has none yet, e.g. before negotiation:
 * nothing to do until it has) or 'failed' (getParameters or setParameters threw, e.g. an
 * `InvalidStateError` on a sender being torn down; the error went to `onError`).
 */
export type SenderUpdate = 'changed' | 'unchanged' | 'no-encodings' | 'failed'

export interface SenderUpdateOptions {
  onError?: (error: unknown) => void
}

/** Edits one encoding in place; true when it changed anything. */
type EncodingEdit = (encoding: RTCRtpEncodingParameters) => boolean

async function updateEncodings(sender: RtpSenderLike, edit: EncodingEdit, options: SenderUpdateOptions): Promise<SenderUpdate> {
  try {
    // The parameters are edited and handed back as they came (their transactionId must match).
    const parameters = sender.getParameters()
    // Typed as always there, but some browsers leave it out before negotiation.
    const encodings = parameters.encodings as RTCRtpEncodingParameters[] | undefined
    if (!encodings || encodings.length === 0) return 'no-encodings'
    let changed = false
    for (const encoding of encodings) changed = edit(encoding) || changed
    if (!changed) return 'unchanged'
    await sender.setParameters(parameters)
    return 'changed'
  } catch (error) {
    options.onError?.(error)
    return 'failed'
  }
}

/** What the video sender sends at a level; absent fields are left to the browser (no cap). */
interface VideoSendProfile {
  readonly scaleResolutionDownBy: number
  readonly maxFramerate?: number
  readonly maxBitrate?: number
}

const POOR_PROFILE: VideoSendProfile = {
  scaleResolutionDownBy: VIDEO_POOR_SCALE_DOWN_BY,
  maxFramerate: VIDEO_POOR_MAX_FRAMERATE,
  maxBitrate: VIDEO_POOR_MAX_BITRATE_BPS,
}

const VIDEO_PROFILES: Readonly<Record<CallQualityLevel, VideoSendProfile>> = {
  good: { scaleResolutionDownBy: 1 },
  fair: { scaleResolutionDownBy: VIDEO_FAIR_SCALE_DOWN_BY, maxFramerate: VIDEO_FAIR_MAX_FRAMERATE },
  poor: POOR_PROFILE,
  // Nothing gets through while lost; when the network comes back the video starts small and grows.
  lost: POOR_PROFILE,
}

/** Sets `key` to `value`, or removes it when `value` is undefined (no cap); true when that changed it. */
function setOrClear(encoding: RTCRtpEncodingParameters, key: 'maxFramerate' | 'maxBitrate', value: number | undefined): boolean {
  if (encoding[key] === value) return false
  if (value === undefined) delete encoding[key]
  else encoding[key] = value
  return true
}

/**
 * Fits what the video sender sends to the connection's level (`sample.level`): 'good' sends the
 * camera's picture whole with no frame-rate or bitrate cap, 'fair' and 'poor' (and 'lost') scale it
 * down and cap the frame rate, 'poor' caps the bitrate too (figures: constants.ts). It only ever
 * scales down (scaleResolutionDownBy >= 1): the camera request of SPEC §9 stays the most that is
 * sent. setParameters is called only when an encoding actually changes, so calling this with every
 * sample is cheap. Never throws: see `SenderUpdate`. This owns the encodings' scaleResolutionDownBy,
 * maxFramerate and maxBitrate.
 */
export function adaptVideoSender(sender: RtpSenderLike, level: CallQualityLevel, options: SenderUpdateOptions = {}): Promise<SenderUpdate> {
  const profile = VIDEO_PROFILES[level]
  return updateEncodings(
    sender,
    (encoding) => {
      let changed = false
      // An encoding without the field is sent at the full size, the same as 1.
      if ((encoding.scaleResolutionDownBy ?? 1) !== profile.scaleResolutionDownBy) {
        encoding.scaleResolutionDownBy = profile.scaleResolutionDownBy
        changed = true
      }
      changed = setOrClear(encoding, 'maxFramerate', profile.maxFramerate) || changed
      return setOrClear(encoding, 'maxBitrate', profile.maxBitrate) || changed
    },
    options,
  )
}

const HIGH: RTCPriorityType = 'high'

/**
 * Gives the audio sender's encodings priority 'high' (bandwidth share: browsers weigh a high-priority
 * stream four times a low one when the link is short) and networkPriority 'high' (DSCP marking), so
 * that on a poor link the voice holds up while the video gives way. Call once when the audio sender
 * exists. A browser that does not report these fields in getParameters does not support them and is
 * left alone ('unchanged', no setParameters). Never throws: see `SenderUpdate`.
 */
export function prioritizeAudio(sender: RtpSenderLike, options: SenderUpdateOptions = {}): Promise<SenderUpdate> {
  return updateEncodings(
    sender,
    (encoding) => {
      let changed = false
      if ('priority' in encoding && encoding.priority !== HIGH) {
        encoding.priority = HIGH
        changed = true
      }
      if ('networkPriority' in encoding && encoding.networkPriority !== HIGH) {
        encoding.networkPriority = HIGH
        changed = true
      }
      return changed
    },
    options,
  )
}
