/**
 * Video calls on the anchor console, in the browser: the real @vchat/webrtc-call machine and engine,
 * bundled for the page by the dev-server (`GET /dev/anchor/call.js`, esbuild, see callBundle.ts).
 *
 * Signalling goes through the console's server-side session, which holds the anchor's XMPP
 * connection: every action the engine sends is `POST /dev/anchor/call {id, action, payload}` (the
 * server sends it as `<call>` to hub.<domain>), and every `<call>` the hub sends to the anchor is
 * appended to the console's polled events (`GET /dev/anchor/events` → `calls`). The page's inline
 * script polls; it hands each call action to this module as an `anchor:call-action` DOM event and
 * polls every 100 ms while `document.body.dataset.call` says a call is under way.
 *
 * Page contract (page.ts): `anchor:signed-in` {id, jid} after sign-in, `anchor:call-action`
 * {action, payload} for each hub action, `anchor:signed-out`; the "Video call" button (#call-start)
 * carries the open thread's jid in `data-peer`. Every text is set with `textContent`.
 */
import { CallStatus, createCallEngine, createCallMachine, isCallAction } from '@vchat/webrtc-call'
import type { CallAction, CallActionListener, CallEngine, CallMachine, CallPayload, CallSignalling, CallSnapshot } from '@vchat/webrtc-call'

/** How the console's call events reach the page: one per hub `<call>` message, in order. */
export interface ConsoleCallAction {
  action: string
  payload: unknown
}

/** `CallSignalling` over the console routes: sends by POST, receives what the page's polling delivers. */
export interface ConsoleSignalling extends CallSignalling {
  /** One hub action from the polled events; actions outside the call vocabulary are ignored. */
  deliver(call: ConsoleCallAction): void
}

export function createConsoleSignalling(consoleId: string, post: (path: string, body: unknown) => Promise<void>): ConsoleSignalling {
  const listeners = new Set<CallActionListener>()
  return {
    send: (action: CallAction, payload: CallPayload) => post('/dev/anchor/call', { id: consoleId, action, payload }),
    onAction(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    deliver({ action, payload }) {
      if (!isCallAction(action)) return
      const body = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as CallPayload) : {}
      for (const listener of [...listeners]) listener(action, body)
    },
  }
}

async function postJson(path: string, body: unknown): Promise<void> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { msg?: unknown }
    throw new Error(typeof data.msg === 'string' ? data.msg : `${path}: ${response.status}`)
  }
}

/** What the call panel says for a snapshot. */
export function statusText(snapshot: CallSnapshot): string {
  switch (snapshot.status) {
    case CallStatus.CallIn:
      return 'Incoming call'
    case CallStatus.Connecting:
      return snapshot.direction === 'outgoing' ? 'Calling…' : 'Connecting…'
    case CallStatus.Connected:
      return 'Connected'
    case CallStatus.Disconnected:
      return 'Call ended'
    case CallStatus.Failed:
      return `Call failed (${snapshot.failure?.reason ?? 'unknown'})`
    default:
      return ''
  }
}

/** mm:ss of a call's running time. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

interface ActiveConsole {
  id: string
  signalling: ConsoleSignalling
  machine: CallMachine
  engine: CallEngine
  dispose(): void
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id)
  if (!found) throw new Error(`anchor console: #${id} is missing`)
  return found as T
}

function isEnded(status: CallStatus): boolean {
  return status === CallStatus.Disconnected || status === CallStatus.Failed
}

function startConsoleCalls(): void {
  const panel = element<HTMLElement>('call-panel')
  const status = element<HTMLElement>('call-status')
  const peer = element<HTMLElement>('call-peer')
  const timer = element<HTMLElement>('call-timer')
  const incoming = element<HTMLElement>('call-incoming')
  const controls = element<HTMLElement>('call-controls')
  const mute = element<HTMLButtonElement>('call-mute')
  const camera = element<HTMLButtonElement>('call-camera')
  const close = element<HTMLButtonElement>('call-close')
  const start = element<HTMLButtonElement>('call-start')
  const localVideo = element<HTMLVideoElement>('local-video')
  const remoteVideo = element<HTMLVideoElement>('remote-video')
  const error = element<HTMLElement>('call-error')

  let current: ActiveConsole | null = null
  let connectedAt: number | null = null
  let ticker: ReturnType<typeof setInterval> | null = null
  let muted = false
  let cameraOff = false

  const report = (problem: unknown) => {
    error.textContent = problem instanceof Error ? problem.message : String(problem)
  }

  function setToggles(): void {
    mute.setAttribute('aria-pressed', String(muted))
    mute.textContent = muted ? 'Unmute' : 'Mute'
    camera.setAttribute('aria-pressed', String(cameraOff))
    camera.textContent = cameraOff ? 'Camera on' : 'Camera off'
  }

  function tick(): void {
    timer.textContent = connectedAt === null ? '00:00' : formatDuration(Date.now() - connectedAt)
  }

  function render(snapshot: CallSnapshot): void {
    const active = snapshot.status === CallStatus.Connecting || snapshot.status === CallStatus.CallIn || snapshot.status === CallStatus.Connected
    document.body.dataset.call = active ? 'active' : isEnded(snapshot.status) ? 'ended' : 'idle'
    panel.hidden = snapshot.status === CallStatus.Initial
    status.textContent = statusText(snapshot)
    peer.textContent = snapshot.peer ? (snapshot.status === CallStatus.CallIn ? `${snapshot.peer} is calling you (${snapshot.price ?? 0} gems per minute)` : snapshot.peer) : ''
    incoming.hidden = snapshot.status !== CallStatus.CallIn
    controls.hidden = !(snapshot.status === CallStatus.Connecting || snapshot.status === CallStatus.Connected)
    close.hidden = !isEnded(snapshot.status)
    start.disabled = active
    if (snapshot.status === CallStatus.Connected && connectedAt === null) {
      connectedAt = Date.now()
      ticker = setInterval(tick, 1000)
    }
    if (snapshot.status !== CallStatus.Connected && ticker !== null) {
      clearInterval(ticker)
      ticker = null
    }
    if (snapshot.status === CallStatus.Initial || snapshot.status === CallStatus.CallIn || (snapshot.status === CallStatus.Connecting && connectedAt !== null)) connectedAt = null
    if (snapshot.status === CallStatus.Initial || snapshot.status === CallStatus.CallIn) {
      muted = false
      cameraOff = false
      setToggles()
      error.textContent = ''
    }
    tick()
    if (snapshot.status === CallStatus.CallIn) element<HTMLButtonElement>('call-accept').focus()
  }

  function signIn(id: string): void {
    current?.dispose()
    const signalling = createConsoleSignalling(id, postJson)
    const machine = createCallMachine({ signalling, onError: report })
    const engine = createCallEngine({
      machine,
      signalling,
      media: navigator.mediaDevices,
      onError: report,
      onLocalStream: (stream) => {
        localVideo.srcObject = stream
      },
      onRemoteStream: (stream) => {
        remoteVideo.srcObject = stream
      },
    })
    const unsubscribe = machine.subscribe((snapshot) => render(snapshot))
    current = {
      id,
      signalling,
      machine,
      engine,
      dispose() {
        unsubscribe()
        engine.dispose()
        machine.dispose()
        render(machine.getSnapshot())
      },
    }
    render(machine.getSnapshot())
  }

  document.addEventListener('anchor:signed-in', (event) => {
    const detail = (event as CustomEvent<{ id: string }>).detail
    signIn(detail.id)
  })
  document.addEventListener('anchor:signed-out', () => {
    current?.dispose()
    current = null
  })
  document.addEventListener('anchor:call-action', (event) => {
    if (!current) return
    const call = (event as CustomEvent<ConsoleCallAction>).detail
    // The ended call stays on screen until the next one starts; a new caller must not hear "busy".
    if (call.action === 'CallIn' && isEnded(current.machine.getSnapshot().status)) current.machine.reset()
    current.signalling.deliver(call)
  })

  start.addEventListener('click', () => {
    const callee = start.dataset.peer
    if (!current || !callee) return
    if (isEnded(current.machine.getSnapshot().status)) current.machine.reset()
    current.engine.call(callee).catch(report)
  })
  element<HTMLButtonElement>('call-accept').addEventListener('click', () => {
    current?.engine.accept().catch(report)
  })
  element<HTMLButtonElement>('call-decline').addEventListener('click', () => current?.engine.reject())
  element<HTMLButtonElement>('call-hangup').addEventListener('click', () => current?.engine.hangUp())
  mute.addEventListener('click', () => {
    if (current?.engine.setMicrophoneMuted(!muted)) muted = !muted
    setToggles()
  })
  camera.addEventListener('click', () => {
    if (current?.engine.setCameraOff(!cameraOff)) cameraOff = !cameraOff
    setToggles()
  })
  close.addEventListener('click', () => {
    current?.machine.reset()
    start.focus()
  })
  // Sign-in may have happened before this module ran.
  const signedIn = document.body.dataset.consoleId
  if (signedIn) signIn(signedIn)
}

if (typeof document !== 'undefined') startConsoleCalls()
