import { defineConfig } from 'vitest/config';
import { postgresForTests } from './tests/postgres-for-tests.ts';

/**
 * The server suite runs twice: on embedded PGlite and on PostgreSQL (TEST_DATABASE_URL, default
 * 127.0.0.1:5432/test). Without a reachable PostgreSQL that run is left out with a printed notice,
 * unless REQUIRE_POSTGRES=1 (set by .ci/run), where it is an error.
 */
export default defineConfig(async () => {
  const postgresUrl = await postgresForTests();
  const server = (name: string, env: Record<string, string>, exclude: string) => ({
    test: {
      name,
      include: ['tests/server/**/*.test.ts'],
      exclude: [exclude],
      env,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
  return {
    test: {
      projects: [
        { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/unit/setup.ts'] } },
        server('server-pglite', { TEST_DB: 'pglite' }, 'tests/server/**/*.postgres.test.ts'),
        ...(postgresUrl ? [server('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, 'tests/server/**/*.pglite.test.ts')] : []),
      ],
    },
  };
});
