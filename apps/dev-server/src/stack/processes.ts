/**
 * What the stack's child servers (Prosody, coturn) share: finding their executable, telling when a
 * port accepts connections, and waiting for a process to exit.
 */
import type { ChildProcess } from 'node:child_process'
import { accessSync, constants as fsConstants } from 'node:fs'
import { connect } from 'node:net'
import { delimiter, join } from 'node:path'
import { LOOPBACK } from './ports.ts'

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The absolute path of `name`: `wanted` (an explicit path, e.g. from an environment variable) when
 * given, else the first executable `name` on PATH or in the usual system folders. Throws
 * `unavailable(detail)` when there is none, so each server says what to install.
 */
export function findExecutable(name: string, wanted: string | undefined, unavailable: (detail: string) => Error): string {
  if (wanted) {
    if (isExecutable(wanted)) return wanted
    throw unavailable(`${wanted} is not an executable file`)
  }
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin', '/opt/homebrew/bin']
  for (const dir of dirs) {
    if (!dir) continue
    const candidate = join(dir, name)
    if (isExecutable(candidate)) return candidate
  }
  throw unavailable(`no \`${name}\` executable on PATH`)
}

/** Whether something accepts TCP connections on the loopback `port` now. */
export function tcpAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: LOOPBACK })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** Resolves once `child` has exited (at once when it already has). */
export function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}
