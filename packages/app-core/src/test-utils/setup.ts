import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import '../testing/injectAllSlices'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
})

// `renderApp` loads every lazy module and language file before it renders, so a `findBy…`/`waitFor`
// waits only for the app's own work (fake services answering, React rendering). Rendering a whole
// screen in jsdom still takes seconds of CPU when two other processes hold both cores, so the bound
// is 5 s instead of Testing Library's 1 s: a generous ceiling, never a delay (waits end on the event).
configure({ asyncUtilTimeout: 5000 })
