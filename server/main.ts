import { buildApp } from './app';
import { CONSOLE_DIR } from './console/build-stamp';
import { ensureConsoleBuild } from './console/ensure-build';
import { startHousekeeping } from './auth/housekeeping';
import { systemClock } from './clock';
import { readConfig, type Config } from './config';
import { startAutovacuum, vacuumEverything } from './db/autovacuum';
import { openDatabase } from './db/connect';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { prepareDatabase } from './db/prepare';
import { seedDemoData } from './db/demo-data';
import { PLATFORM_SEED, seed, SEED, type SeedOutcome } from './db/seed';

/** `npm start`: lock, open, migrate, seed, listen; close everything on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = readConfig();
  ensureConsoleBuild((message) => console.log(message));
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: config.dataDir });
  await prepareDatabase(database.db);
  // Once per database: the demo (embedded default or EDP_DEMO=1), or only the platform's administrator.
  const seeded = await seed(database.db, { password: config.seedPassword, demo: config.demo, demoData: seedDemoData }, systemClock());
  if (seeded.seeded) await vacuumEverything(database.db);
  const app = await buildApp({ db: database.db, config, logger: { level: config.logLevel }, consoleDir: CONSOLE_DIR });
  const stopHousekeeping = startHousekeeping(database.db, systemClock, config.sessionIdleMs, (error) => app.log.error({ err: error }, 'housekeeping failed'));
  // PostgreSQL has its autovacuum daemon; embedded PGlite has none.
  const stopAutovacuum = database.kind === 'pglite' ? startAutovacuum(database.db, (error) => app.log.error({ err: error }, 'autovacuum failed')) : () => {};
  await app.listen({ port: config.port, host: config.host });
  printWelcome(config, database.kind, seeded);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopHousekeeping();
    stopAutovacuum();
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
