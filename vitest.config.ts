import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { chromiumForTests } from './tests/chromium-for-tests.ts';
import { postgresForTests } from './tests/postgres-for-tests.ts';

/** Server files that start the server as its own processes (as `npm start` does): a project of their own, run alone. */
const PROCESSES = 'tests/server/processes';

/**
 * Unit tests and the server suite, twice: on embedded PGlite and on PostgreSQL (TEST_DATABASE_URL,
 * default 127.0.0.1:5432/test); then the server's own processes, alone; then the end-to-end suite in
 * Chromium against `npm start`. Without PostgreSQL or Chromium that part is left out with a printed
 * notice, unless REQUIRE_POSTGRES=1 / REQUIRE_CHROMIUM=1 (set by .ci/run), where it is an error.
 */

export default defineConfig(async () => {
  const postgresUrl = await postgresForTests();
  const e2e = chromiumForTests();
  const server = (name: string, env: Record<string, string>, exclude: string, globalSetup: string[] = []) => ({
    test: {
      name,
      globalSetup,
      include: ['tests/server/**/*.test.ts'],
      exclude: [exclude, `${PROCESSES}/**`],
      env,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
  return {
    test: {
      // A worker a core, not vitest's one fewer: the server suites mostly wait on their databases.
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true as const, // the console's aliases (vite.config.ts) apply, and qs is bundled so they reach it
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            // Beside the server suites on two cores a rendered page's waits take seconds; vitest's 5 s counts them all.
            testTimeout: 30_000,
            setupFiles: ['tests/unit/setup.ts'],
            server: { deps: { inline: ['qs', '@refinedev/react-router'] } }, // the latter so it meets the same react-router as the tests
          },
        },
        server('server-pglite', { TEST_DB: 'pglite' }, 'tests/server/**/*.postgres.test.ts', ['tests/server/pglite-template.ts']),
        ...(postgresUrl ? [server('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, 'tests/server/**/*.pglite.test.ts')] : []),
        {
          test: {
            name: 'server-processes',
            include: [`${PROCESSES}/**/*.test.ts`],
            exclude: postgresUrl ? [] : [`${PROCESSES}/**/*.postgres.test.ts`],
            env: postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {},
            globalSetup: [`${PROCESSES}/console-build.ts`],
            // Alone, after the other server files: each starts servers (and their runs) as \`npm start\` does, which take the cores.
            fileParallelism: false,
            sequence: { groupOrder: 1 },
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        ...(e2e
          ? [
              {
                test: {
                  name: 'e2e',
                  include: ['tests/e2e/**/*.test.ts'],
                  globalSetup: ['tests/e2e/global-setup.ts'],
                  fileParallelism: false,
                  // After the unit and server suites, alone: Chromium and the server need the cores.
                  sequence: { groupOrder: 2 },
                  testTimeout: 60_000,
                  hookTimeout: 180_000,
                  // What a page shows after a click comes when the browser and the server get a turn: vitest's 1 s is a busy second.
                  expect: { poll: { timeout: 15_000 } },
                },
              },
            ]
          : []),
      ],
    },
  };
});
