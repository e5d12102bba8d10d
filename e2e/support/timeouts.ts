/**
 * How long the browser tests wait, in one place. Each is a ceiling, never a delay: a passing step ends
 * as soon as the page shows what it waits for, so a quiet machine runs no slower for them. They are
 * sized for a two-core machine busy with other work (`pnpm test:stress npm test`), where a page, its
 * lazy chunks and the login flow take several times longer than on a quiet one; a test that fails
 * there for want of time teaches everyone to rerun instead of read.
 */

/** One `expect` (a screen, a state, a URL). */
export const EXPECT_TIMEOUT_MS = 20_000

/**
 * A wait that spans a whole flow on the server's side before the page can show it: sign-in (the API
 * call, messaging login up to its own time-out, profile, config and balance), a payment's round trip,
 * a message held offline until the link returns, an analytics batch on its six-second interval.
 */
export const FLOW_TIMEOUT_MS = 45_000

/** One test: a sign-in flow plus its own steps. */
export const TEST_TIMEOUT_MS = 90_000
