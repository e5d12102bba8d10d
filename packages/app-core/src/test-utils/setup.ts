import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import '../testing/injectAllSlices'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
})

// `renderApp` loads every lazy module and language file before it renders, so a `findBy…`/`waitFor`
// waits only for the app's own work (fake services answering, React rendering). Rendering a whole
// screen in jsdom still takes seconds of CPU when other processes hold both cores: the first render
// of the signed-in app in a file (CallLayer.test.tsx, binding the call layer) took over 5 s under the
// stress run's two busy loops plus a build beside them. So the bound is 10 s instead of Testing
// Library's 1 s: a generous ceiling, never a delay (waits end on the event), inside the 20 s test
// time-out of vitest.config.ts.
configure({ asyncUtilTimeout: 10_000 })
