import { Migrator, sql } from 'kysely';
import { migrations } from './migrations/index';
import type { Db } from './tables';

/** Brings the schema up to date; Kysely's migration lock lets several processes start at once. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks its bookkeeping tables up across every schema unless told which one is ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]!.schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
