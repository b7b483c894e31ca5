import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../../server/db/connect';
import { startServer, type ServerProcess } from '../../tests/server/helpers/server-process';
import { freshSchema } from '../fresh-schema';
import { PASSWORD } from '../page/harness';
import type { cleanupStack } from '../runner/harness';
import type { DatabaseKind } from './options';

export interface LoadServer {
  server: ServerProcess;
  origin: string;
  /** Where the bench may write to the database itself (while the server is stopped, for PGlite). */
  target: DatabaseTarget;
  /** Stops the server, does `meanwhile` (writes to its database), and starts it again on the same data with `env` added. */
  restart: (env: Record<string, string>, meanwhile: () => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * `npm start` on a fresh database with the demo seeded: PGlite in a new DATA_DIR (its default), or a
 * new schema of the tests' PostgreSQL with EDP_DEMO=1 (objects in a new DATA_DIR all the same).
 * Null where no PostgreSQL answers. Everything it made is undone by `cleanup`.
 */
export async function loadServer(kind: DatabaseKind, cleanup: ReturnType<typeof cleanupStack>): Promise<LoadServer | null> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `edp-bench-load-${kind}-`));
  cleanup.add(`data dir ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, EDP_SEED_PASSWORD: PASSWORD, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
  let target: DatabaseTarget = { kind: 'pglite', dir: dataDir };
  if (kind === 'postgres') {
    const fresh = await freshSchema();
    if (!fresh) return null;
    cleanup.add(`schema ${fresh.schema}`, fresh.drop);
    const url = `${fresh.url}${fresh.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${fresh.schema}`)}`;
    Object.assign(env, { DATABASE_URL: url, EDP_DEMO: '1' });
    target = { kind: 'postgres', url: fresh.url, schema: fresh.schema };
  }
  let server = await start(env);
  const stop = async () => {
    const kill = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
    await server.stop('SIGTERM');
    clearTimeout(kill);
  };
  cleanup.add(`the ${kind} server`, () => stop());
  return {
    get server() {
      return server;
    },
    get origin() {
      return `http://127.0.0.1:${server.port}`;
    },
    target,
    restart: async (more, meanwhile) => {
      await stop();
      await meanwhile();
      server = await start({ ...env, ...more });
    },
    stop,
  };
}

/** The measured server's preloads: its heap reported (bench/heap-report.mjs); with a directory, CPU profiles on SIGUSR2 (bench/cpu-profile.mjs). */
export function preloadEnv(heapEveryMs: number, cpuProfileDir?: string): Record<string, string> {
  const preloads = [path.join(import.meta.dirname, '../heap-report.mjs'), ...(cpuProfileDir ? [path.join(import.meta.dirname, '../cpu-profile.mjs')] : [])];
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preloads.map((file) => `--import ${file}`).join(' ')}`.trim(),
    BENCH_HEAP_EVERY_MS: String(heapEveryMs),
    ...(cpuProfileDir ? { BENCH_CPU_PROFILE_DIR: cpuProfileDir } : {}),
  };
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env);
  if (server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.output()}`);
  return server;
}
