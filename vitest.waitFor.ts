/**
 * Set-up file of every package's Vitest config (WAIT_FOR_SETUP in vitest.shared.ts, which this file
 * must not import: it runs inside jsdom and the browser too). `vi.waitFor` without a timeout of its
 * own waits up to WAIT_FOR_TIMEOUT_MS instead of Vitest's one second, which a wait for a database
 * write or a reconnect outlasted on two busy cores: the test failed with the outcome merely late.
 * A wait still ends the moment its condition holds; only a condition that never holds takes longer
 * to report. A call that passes its own timeout keeps it.
 */
import { vi } from 'vitest'

export const WAIT_FOR_TIMEOUT_MS = 10_000

const waitFor = vi.waitFor
vi.waitFor = ((callback, options = {}) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: WAIT_FOR_TIMEOUT_MS, ...options })) as typeof vi.waitFor
