import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { READY_PREFIX, readyLine, startStack, turnInstallHint, type Stack } from './index.ts'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))
const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vchat-stack-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function health(apiUrl: string): Promise<number> {
  return (await fetch(`${apiUrl}/health`)).status
}

interface CliRun {
  ready: Promise<Record<string, unknown>>
  exit: Promise<{ code: number | null; stderr: string; stdout: string }>
  kill(signal: NodeJS.Signals): void
}

function runCli(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const child = spawn(process.execPath, ['--conditions=@vchat/source', CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  let onReady: (info: Record<string, unknown>) => void = () => {}
  const ready = new Promise<Record<string, unknown>>((resolve) => (onReady = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
    const line = stdout.split('\n').find((l) => l.startsWith(`${READY_PREFIX} `))
    if (line) onReady(JSON.parse(line.slice(READY_PREFIX.length + 1)) as Record<string, unknown>)
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exit = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr, stdout })),
  )
  return { ready, exit, kill: (signal) => child.kill(signal) }
}

describe('startStack', () => {
  it('serves the API without Prosody when asked to', async () => {
    const lines: string[] = []
    const stack = await startStack({ apiPort: 0, prosody: false, turn: false, dataDir: tempDir(), log: (l) => lines.push(l) })
    try {
      expect(stack).toMatchObject({ wsUrl: null, prosody: false, xmppDomain: 'localhost', prosodyUnavailable: null, turnUrl: null, turnUnavailable: null })
      expect(await health(stack.apiUrl)).toBe(200)
      expect(readyLine(stack)).toBe(
        `VCHAT_STACK_READY {"apiUrl":"${stack.apiUrl}","wsUrl":null,"xmppDomain":"localhost","prosody":false,"turnUrl":null}`,
      )
    } finally {
      await stack.close()
    }
  })

  it('keeps serving the API and says what to install when Prosody is missing', async () => {
    const stack = await startStack({
      apiPort: 0,
      wsPort: 0,
      dataDir: tempDir(),
      prosodyBinary: join(tempDir(), 'no-prosody-here'),
      log: () => {},
    })
    try {
      expect(stack.prosody).toBe(false)
      expect(stack.wsUrl).toBeNull()
      expect(stack.prosodyUnavailable).toContain('apt-get install prosody')
      expect(await health(stack.apiUrl)).toBe(200)
    } finally {
      await stack.close()
    }
  })

  it('without coturn the stack still starts, calls use host candidates, and it says what to install', async () => {
    const stack = await startStack({ apiPort: 0, wsPort: 0, dataDir: tempDir(), prosody: false, turnBinary: join(tempDir(), 'no-turnserver-here'), log: () => {} })
    try {
      expect(stack.turnUrl).toBeNull()
      expect(stack.turnUnavailable).toContain('apt-get install coturn')
      expect(turnInstallHint(stack.turnUnavailable ?? '')).toContain('Calls run without a relay')
      expect(await health(stack.apiUrl)).toBe(200)
      const cut = await fetch(`${stack.apiUrl}/dev/turn/cut`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 100 }) })
      expect(cut.status).toBe(503)
    } finally {
      await stack.close()
    }
  })

  it('starts coturn on loopback; a cut kills it and it comes back on the same port', async () => {
    const stack = await startStack({ apiPort: 0, wsPort: 0, dataDir: tempDir(), prosody: false, log: () => {} })
    try {
      // On a machine without coturn the stack reports it instead of failing (the test above).
      if (stack.turnUnavailable !== null) return
      expect(stack.turnUrl).toMatch(/^turn:127\.0\.0\.1:\d+$/)
      const turn = stack.turn!
      const cut = await fetch(`${stack.apiUrl}/dev/turn/cut`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 300 }) })
      expect(cut.status).toBe(200)
      await vi.waitFor(() => expect(turn.running()).toBe(false), { timeout: 5_000 })
      // Back after the cut, accepting connections on the same port (a generous bound: a busy machine).
      await vi.waitFor(() => expect(turn.running()).toBe(true), { timeout: 15_000 })
      expect(stack.turnUrl).toBe(`turn:127.0.0.1:${turn.port}`)
    } finally {
      await stack.close()
    }
  })

  it('starts Prosody on a free port, wired to the API', async () => {
    let stack: Stack | undefined
    try {
      stack = await startStack({ apiPort: 0, wsPort: 0, dataDir: tempDir(), log: () => {} })
      // On a machine without Prosody the stack reports it instead of failing.
      if (stack.prosodyUnavailable === null) {
        expect(stack.prosody).toBe(true)
        expect(stack.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/xmpp-websocket$/)
      } else {
        expect(stack).toMatchObject({ prosody: false, wsUrl: null })
      }
      expect(await health(stack.apiUrl)).toBe(200)
    } finally {
      await stack?.close()
    }
  })
})

describe('stack CLI', () => {
  it('prints one ready line, serves, and stops on SIGTERM', async () => {
    const run = runCli(['--api-port', '0', '--no-prosody', '--no-turn', '--data-dir', tempDir()])
    const info = await run.ready
    expect(info).toEqual({ apiUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), wsUrl: null, xmppDomain: 'localhost', prosody: false, turnUrl: null })
    expect(await health(String(info.apiUrl))).toBe(200)
    run.kill('SIGTERM')
    const { code, stdout } = await run.exit
    expect(code).toBe(0)
    expect(stdout.split('\n').filter((l) => l.startsWith(READY_PREFIX))).toHaveLength(1)
  })

  it('says clearly when the API port is in use', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const address = blocker.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const { code, stderr, stdout } = await runCli(['--api-port', String(port), '--no-prosody', '--data-dir', tempDir()]).exit
      expect(code).toBe(1)
      expect(stderr).toContain(`Port ${port} is already in use`)
      expect(stdout).not.toContain(READY_PREFIX)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('rejects a malformed port', async () => {
    const { code, stderr } = await runCli(['--api-port', 'abc', '--no-prosody']).exit
    expect(code).toBe(2)
    expect(stderr).toContain('--api-port must be a port number')
  })
})
