import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import '../testing/injectAllSlices'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
})

// Screens load lazily; on a busy 2-core CI machine a chunk can take longer than Testing Library's
// default 1 s to arrive, so waits get more room (a real failure still fails, only later).
configure({ asyncUtilTimeout: 5000 })
