/**
 * `pnpm test:stress [command…]`: a test run on a busy machine, on purpose.
 *
 * Starts one CPU-bound Node process per core (a plain busy loop), runs the command beside them, and
 * stops them when it ends. Default command: every Vitest suite (unit, integration and the Storybook
 * story tests), forced past turbo's cache so they really run. A test that passes only on a quiet
 * machine fails here, where anyone can reproduce it. `pnpm test:stress npm test` runs the whole
 * `npm test` the same way.
 *
 * The busy loops are bounded: each stops by itself after VCHAT_STRESS_MINUTES (default 60) even if this
 * script is killed, and they are ended as soon as the command finishes. Exit code: the command's.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'

const DEFAULT_COMMAND = ['pnpm', 'exec', 'turbo', 'run', 'test', '--force']
const minutes = Number(process.env.VCHAT_STRESS_MINUTES ?? 60)
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error(`VCHAT_STRESS_MINUTES must be a positive number of minutes, not "${process.env.VCHAT_STRESS_MINUTES}"`)
  process.exit(2)
}
const command = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_COMMAND
const cores = availableParallelism()

// Each loop checks the clock every million iterations, so it ends on its own within its bound.
const BUSY_LOOP = `const end = Date.now() + ${Math.round(minutes * 60_000)}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x = (x + i) % 7919 }`

const busy: ChildProcess[] = Array.from({ length: cores }, () =>
  spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' }),
)
const stopBusy = () => {
  for (const child of busy) if (child.exitCode === null) child.kill('SIGKILL')
}
process.on('exit', stopBusy)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopBusy()
    process.exit(130)
  })
}

console.log(`[stress] ${cores} busy loop(s) running (at most ${minutes} min); running: ${command.join(' ')}`)
const started = performance.now()
const run = spawn(command[0]!, command.slice(1), { stdio: 'inherit' })
run.on('exit', (code, signal) => {
  stopBusy()
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  console.log(`[stress] ${command.join(' ')} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s beside ${cores} busy loop(s)`)
  process.exit(code ?? 1)
})
