import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tags } from '../../model/schemas/engine/fields';
import { structuredData } from '../../model/schemas/structured-data';
import { migrations } from '../../server/db/migrations/index';
import { prepareDatabase } from '../../server/db/prepare';
import type { Db } from '../../server/db/tables';
import { syncEntityTables } from '../../server/engine/ddl';
import { freshDatabase } from './helpers/test-app';

/**
 * Migration 0014: a structured data record's `files`, typed names before (text[] with a GIN index),
 * become the JSON list the server writes as files are uploaded. A database made before starts.
 */
const BEFORE = '0012-instance-metrics';
const STAMP = { createdBy: 'seed', updatedBy: 'seed', createdTime: new Date('2026-01-01T00:00:00Z'), updatedTime: new Date('2026-01-01T00:00:00Z') };

const migrator = async (db: Db) => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]!.schema });
};

const filesColumn = async (db: Db) =>
  (
    await sql<{ type: string }>`select data_type as type from information_schema.columns
      where table_schema = current_schema() and table_name = 'structured_data' and column_name = 'files'`.execute(db)
  ).rows[0]?.type;

describe('a database from before structured data files were uploaded', () => {
  it('starts, its records kept, their typed names (no bytes behind them) left for an empty list of files', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const { db } = database;
      expect((await (await migrator(db)).migrateTo(BEFORE)).error).toBeUndefined();
      // The table as the declaration made it then.
      await syncEntityTables(db, [
        { ...structuredData, fields: { ...structuredData.fields, files: tags('structuredData:fields.files', { required: true, max: 50 }) } },
      ]);
      expect(await filesColumn(db)).toBe('ARRAY');
      const space = await db
        .insertInto('tenants')
        .values({ code: 'old', name: 'Old Space', internal: false, description: '', rawDataStorageQuota: null, rawDataDownloadQuota: null, ...STAMP })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into structured_data (tenant_id, bag_id, structure_type, version, robot_sn, files, created_by, updated_by, created_time, updated_time)
        values (${space.id}, 1, 'hdf5', 'v1.0', 'G1-A001', array['episode_000000.hdf5'], 'rd', 'rd', now(), now())`.execute(db);

      await prepareDatabase(db); // as the upgraded server starts

      expect(await filesColumn(db)).toBe('text');
      const { rows } = await sql<{ version: string; files: string }>`select version, files from structured_data`.execute(db);
      expect(rows).toEqual([{ version: 'v1.0', files: '[]' }]);
      const { rows: indexes } = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and tablename = 'structured_data' and indexname like '%files%'`.execute(db);
      expect(indexes).toEqual([]);

      // and back: each stored file's name
      await sql`update structured_data set files = ${JSON.stringify([{ name: 'episode_000000.hdf5', size: 3, sha256: 'x', key: 'k', time: 't' }])}`.execute(db);
      expect((await (await migrator(db)).migrateTo(BEFORE)).error).toBeUndefined();
      expect((await sql<{ files: string[] }>`select files from structured_data`.execute(db)).rows).toEqual([{ files: ['episode_000000.hdf5'] }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
