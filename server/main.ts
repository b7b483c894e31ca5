import { buildApp } from './app';
import { CONSOLE_DIR } from './console/build-stamp';
import { ensureConsoleBuild } from './console/ensure-build';
import { systemClock } from './clock';
import { readConfig, type Config } from './config';
import { vacuumEverything } from './db/autovacuum';
import { openDatabase } from './db/connect';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { prepareDatabase } from './db/prepare';
import { serverSecret } from './db/server-secrets';
import { openObjectStore } from './storage/storage-config';
import { snapshotSource } from './backup/snapshot-source';
import { seedDemoData } from './modules/demo/demo-data';
import { PLATFORM_SEED, seed, SEED, type SeedOutcome } from './db/seed';
import { readJobsConfig } from './jobs/jobs-config';
import type { ClaimedJob } from './jobs/claim';
import { startLanes } from './jobs/lanes';
import { startWorker } from './jobs/worker';

/** `npm start`: lock, open, migrate, seed, listen; close everything on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = readConfig();
  ensureConsoleBuild((message) => console.log(message));
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: config.dataDir });
  await prepareDatabase(database.db);
  const storage = openObjectStore(process.env, config.dataDir, await serverSecret(database.db, 'object-url-signing', systemClock()));
  // Every module set up once, with this app's context: the seed, the API and the jobs write through the same records.
  const {
    http: app,
    records,
    jobs: moduleJobs,
  } = await buildApp({
    db: database.db,
    kind: database.kind,
    config,
    storage,
    snapshot: snapshotSource(database, storage),
    logger: { level: config.logLevel },
    consoleDir: CONSOLE_DIR,
  });
  // Once per database: the demo (embedded default or EDP_DEMO=1), or only the platform's administrator.
  const seeded = await seed(records, { password: config.seedPassword, demo: config.demo, demoData: seedDemoData }, systemClock());
  if (seeded.seeded) await vacuumEverything(database.db);
  // Background work (sweeps, PGlite's vacuum) as jobs in the database: each due time runs once, whichever process takes it.
  const { lanes, ...jobs } = moduleJobs();
  const onError = (error: unknown, job?: ClaimedJob) =>
    app.log.error({ err: error, job: job && { id: job.id, name: job.name, attempt: job.attempts } }, 'job failed');
  const worker = startWorker({ db: database.db, ...jobs, ...readJobsConfig(), clock: systemClock, onError });
  // Task runs and scheduled fires, each on a worker of its own (server/modules/runs).
  const laneWorkers = startLanes(database.db, lanes, { clock: systemClock, onError });
  await app.listen({ port: config.port, host: config.host });
  printWelcome(config, database.kind, seeded);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await laneWorkers.stop();
    await worker.stop();
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function printWelcome(config: Config, kind: string, seeded: SeedOutcome): void {
  const base = `http://localhost:${config.port}`;
  const accounts = (seeded.demo ? SEED : [PLATFORM_SEED]).flatMap((tenant) =>
    tenant.accounts.map((account) => `    space ${tenant.code.padEnd(9)} account ${account.code.padEnd(9)} (${account.role})`),
  );
  const password = seeded.generatedPassword
    ? `${seeded.generatedPassword}   (generated now and shown only this once; set EDP_SEED_PASSWORD to choose it)`
    : !seeded.demo && !seeded.seeded
      ? 'the one chosen at the first sign-in'
      : config.seedPassword
        ? 'the value of EDP_SEED_PASSWORD when the accounts were created'
        : 'the one printed when this database was first started';
  const oneTime = seeded.seeded && seeded.mustChangePassword ? ['  (a one-time password: choose your own at the first sign-in)'] : [];
  console.log(
    [
      '',
      `EDP console   ${base}/app`,
      `API           ${base}/api/v1   (OpenAPI: ${base}/api/v1/openapi.json)`,
      `Database      ${kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      'Sign in as',
      ...accounts,
      `  password: ${password}`,
      ...oneTime,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(`Not started: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
