/**
 * Set-up file of every package's Vitest config (WAIT_FOR_SETUP in vitest.shared.ts): `vi.waitFor`
 * without a timeout of its own waits up to WAIT_FOR_TIMEOUT_MS instead of Vitest's one second. A wait
 * still ends the moment its condition holds; only a condition that never holds takes longer to report.
 * A call that passes its own timeout keeps it.
 */
import { vi } from 'vitest'
import { WAIT_FOR_TIMEOUT_MS } from './vitest.shared.ts'

const waitFor = vi.waitFor
vi.waitFor = ((callback, options = {}) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: WAIT_FOR_TIMEOUT_MS, ...options })) as typeof vi.waitFor
