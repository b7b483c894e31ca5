import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../server/db/connect';
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
