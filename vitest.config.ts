import { defineConfig } from 'vitest/config';
import {
  COMPONENT_TEST_MS,
  INTEGRATION_HOOK_MS,
  INTEGRATION_TEST_MS,
  JOURNEY_HOOK_MS,
  JOURNEY_TEST_MS,
  UNIT_TEST_MS,
} from './tests/timeouts.ts';

// Four projects: pure contracts, API unit tests, SPA tests (jsdom), and API integration
// tests that boot the real app on a database (PGlite, or TEST_DATABASE_URL when set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          // Timeouts fit a busy two-core machine (tests/timeouts.ts, decision 070): room to finish, not a speed check.
          testTimeout: UNIT_TEST_MS,
        },
      },
      {
        test: {
          name: 'api-unit',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.int.test.ts'],
          environment: 'node',
          // Argon2 hashes, jsdom pages with an axe scan.
          testTimeout: UNIT_TEST_MS,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Lazily loaded pages under a full `npm test` on two cores.
          testTimeout: COMPONENT_TEST_MS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.int.test.ts', 'apps/api/test/**/*.int.test.ts'],
          // *-postgres.int.test.ts need a database server (races between connections, a second process): they run
          // in the PostgreSQL pass only, rather than being reported as skipped on PGlite.
          exclude:
            process.env.TEST_DB === 'postgres'
              ? []
              : ['apps/api/src/**/*-postgres.int.test.ts', 'apps/api/test/**/*-postgres.int.test.ts'],
          environment: 'node',
          // Each file boots the app on a fresh database (PGlite and every migration) in its hooks.
          testTimeout: INTEGRATION_TEST_MS,
          hookTimeout: INTEGRATION_HOOK_MS,
          // Integration files share one database server; run them one file at a time.
          fileParallelism: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: JOURNEY_TEST_MS,
          hookTimeout: JOURNEY_HOOK_MS,
          // One browser at a time on a two-core machine.
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
