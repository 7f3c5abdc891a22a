import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'api-unit',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Lazily loaded pages under a full `npm test` on two cores: room to finish, not a speed check.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.int.test.ts', 'apps/api/test/**/*.int.test.ts'],
          // *-postgres.int.test.ts need a database server (races between connections, a second process): they run
          // in the PostgreSQL pass only, rather than being reported as skipped on PGlite.
          exclude: process.env.TEST_DB === 'postgres' ? [] : ['apps/api/src/**/*-postgres.int.test.ts', 'apps/api/test/**/*-postgres.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time on a two-core machine.
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
