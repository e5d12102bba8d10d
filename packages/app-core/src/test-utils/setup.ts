import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import '../testing/injectAllSlices'
import { preloadLazyModules } from '../testing/lazyModules'
import { createTestI18n } from '../testing/renderApp'
import { WAIT_FOR_TIMEOUT_MS } from '../../../../vitest.shared.ts'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
})

// `renderApp` loads every lazy module and language file before it renders, so a `findBy…`/`waitFor`
// waits only for the app's own work (fake services answering, React rendering). Rendering a whole
// screen in jsdom still takes seconds of CPU when other processes hold both cores: the first render
// of the signed-in app in a file (CallLayer.test.tsx, binding the call layer) took over 5 s under the
// stress run's two busy loops plus a build beside them. So Testing Library waits up to the shared
// ceiling (vitest.shared.ts) instead of its 1 s, like `vi.waitFor`: never a delay, inside the test
// time-out of vitest.config.ts.
configure({ asyncUtilTimeout: WAIT_FOR_TIMEOUT_MS })

// A file of component and screen tests (`*.test.tsx`) loads every lazy module and the English texts
// once, in a hook, before its first test. `renderApp` does the same, but there the loading counted
// against the first test's own time-out: on two cores busy with other work, loading and compiling the
// whole app took most of it, and a first test that does little else (ComposerExtras "uploads a picked
// photo…") timed out at 20 s while its file's later tests took a third of that. Logic tests
// (`*.test.ts`) render nothing and load nothing extra.
/**
 * The hook's own ceiling, above the suites' HOOK_TIMEOUT_MS: compiling every lazy screen of the app the
 * first time a worker imports them is the slowest set-up there is, and it grows with the app. Measured:
 * the hook hit 30 s once on a machine running this suite beside three other heavy jobs (the suite took
 * 522 s instead of about 200). A ceiling, not a wait: a quiet machine is done in a few seconds.
 */
const PRELOAD_TIMEOUT_MS = 90_000
// Vitest reads a hook's first parameter as fixtures and insists on a destructuring pattern; this hook uses none.
// eslint-disable-next-line no-empty-pattern
beforeAll(async ({}, suite) => {
  if (!suite.file.filepath.endsWith('.tsx')) return
  await Promise.all([preloadLazyModules(), createTestI18n()])
}, PRELOAD_TIMEOUT_MS)

