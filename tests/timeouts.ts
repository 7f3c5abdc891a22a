/**
 * How long a test may take, by the kind of work it does (decision 070). The figures fit a busy two-core machine
 * running the whole `npm test` beside other work: they are room to finish, never a speed check, so a test only
 * fails on them when it hangs. Speed is measured by the benchmarks (bench/), not here. Every project takes its
 * timeouts from here (vitest.config.ts); a test needs no number of its own, and nothing waits less than the
 * figures below for something to appear.
 */

/** Pure code, a jsdom render with an axe scan, an Argon2 hash (contracts, api-unit). */
export const UNIT_TEST_MS = 30_000;

/** A React page or component in jsdom, its code and texts loaded lazily (web). */
export const COMPONENT_TEST_MS = 30_000;

/** HTTP calls on the real app, jobs polled to their end (api). */
export const INTEGRATION_TEST_MS = 120_000;
/** Booting the app on a fresh database: PGlite's start and every migration (api hooks). */
export const INTEGRATION_HOOK_MS = 180_000;

/** A browser journey: sign-ups with Argon2, lazy chunks, axe scans, jobs finishing in the background (e2e). */
export const JOURNEY_TEST_MS = 180_000;
/** Building the SPA and starting the server and Chromium (e2e hooks and global setup). */
export const JOURNEY_HOOK_MS = 240_000;

/** How long one awaited thing may take to appear in jsdom (Testing Library's findBy and waitFor). */
export const UI_WAIT_MS = 15_000;

/**
 * How long one awaited thing may take to appear in Chromium (Playwright's actions, waits and polls): a page
 * loaded, its chunks fetched, a reply from an API busy hashing passwords. Jobs that finish in the background
 * (an order completing) poll longer, with their own figure beside the wait.
 */
export const BROWSER_WAIT_MS = 30_000;
