import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/connect';
import { prepareDatabase } from '../server/db/prepare';
import { cipherDigest } from '../tests/server/helpers/spec-client';
import { LocalDiskStore } from '../server/storage/local-disk-store';
import { freshSchema } from './fresh-schema';

/** An empty database of this kind for one bench run, and how to throw it away; null where there is no PostgreSQL. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; cleanup: () => Promise<void> } | null> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-'));
    const database = await openDatabase({ kind: 'pglite', dir });
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const fresh = await freshSchema();
  if (!fresh) return null;
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, schema: fresh.schema });
  return { database, cleanup: fresh.drop };
}

/** The bench stores no file: a store for the app's shape only. */
export const benchStorage = () => new LocalDiskStore({ root: path.join(tmpdir(), 'edp-bench-objects'), signingSecret: 'bench' });

/** The app over a fresh database, migrated, its clock stopped at `now` (or the bench's own), quiet but for warnings; serving the built console in `consoleDir` if given. */
export async function benchApp(database: Database, now: Date, clock = () => now, consoleDir?: string) {
  await prepareDatabase(database.db);
  return buildApp({
    db: database.db,
    kind: database.kind,
    config: { ...readConfig({}), logLevel: 'warn' },
    clock,
    storage: benchStorage(),
    ...(consoleDir && { consoleDir }),
  });
}

/** A session key of `tenantCode/code`, signed in through the spec's calls. */
export async function benchSignIn(app: Awaited<ReturnType<typeof benchApp>>['http'], tenantCode: string, code: string, password: string): Promise<string> {
  const nonce = (await app.inject({ url: '/api/v1/console/nonce/generate' })).json().data;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/console/account/login/code-pwd',
    payload: { tenantCode, code, nonceId: nonce.id, cipherDigest: cipherDigest(password, nonce.randomKey) },
  });
  return signIn.json().data.sessionKey as string;
}
