/**
 * What every package's Vitest config shares. Plain values (no Vitest import): each package's config
 * imports them and passes them to its own `defineConfig`.
 */
/**
 * Workspace packages resolve to their TypeScript source (the `@vchat/source` export condition), so
 * tests run on a fresh clone without building anything first. Node-environment tests resolve through
 * Vite's SSR settings, so a config passes these to both `resolve` and `ssr.resolve`.
 */
export const SOURCE_CONDITIONS = ['@vchat/source', 'node', 'import', 'module', 'development|production']

/**
 * A test's ceiling, not its speed: tests wait on events (a message received, a screen shown), never on
 * this clock. It is generous because the machines that run the suites are shared: on two busy cores
 * (`pnpm test:stress`, CI beside other work) a suite runs several times slower than on a quiet one,
 * and Vitest's default 5 s failed tests that were merely slow.
 */
export const TEST_TIMEOUT_MS = 20_000

/** The same for set-up and tear-down hooks, which start servers and databases. */
export const HOOK_TIMEOUT_MS = 30_000

/**
 * How long a test's wait for an outcome may last (`vi.waitFor`, Testing Library's `findBy…`/`waitFor`):
 * a ceiling, never a delay, since a wait ends the moment its condition holds. Vitest's and Testing
 * Library's one second was outlasted on two busy cores by a database write, a reconnect or the first
 * render of the signed-in app, and the test failed with the outcome merely late.
 */
export const WAIT_FOR_TIMEOUT_MS = 10_000

/**
 * The set-up file every package's Vitest config lists first (relative to the package, each two levels
 * below the root): it gives `vi.waitFor` the ceiling above.
 */
export const WAIT_FOR_SETUP = '../../vitest.waitFor.ts'

/**
 * The whole Vitest config of a package whose tests run in Node with nothing of their own to set up
 * (analytics, api-client, chat-db, contract, platform, webrtc-call, xmpp-chat): `defineConfig(NODE_PACKAGE_CONFIG)`.
 */
export const NODE_PACKAGE_CONFIG = {
  resolve: { conditions: SOURCE_CONDITIONS },
  ssr: { resolve: { conditions: SOURCE_CONDITIONS, externalConditions: SOURCE_CONDITIONS } },
  test: { testTimeout: TEST_TIMEOUT_MS, hookTimeout: HOOK_TIMEOUT_MS, setupFiles: [WAIT_FOR_SETUP] },
}
