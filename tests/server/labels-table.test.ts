import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { label } from '../../model/schemas/label';
import { migrations } from '../../server/db/migrations/index';
import { prepareDatabase } from '../../server/db/prepare';
import type { Db } from '../../server/db/tables';
import { syncEntityTables } from '../../server/engine/ddl';
import { freshDatabase } from './helpers/test-app';

/**
 * The label entity's table took the entity's name (migration 0009: quality_labels → labels). A
 * database made before keeps its labels, their ids and their rules; nothing is left under the old name.
 */
const BEFORE = '0008-log-lines-unchecked';
const STAMP = { createdBy: 'seed', updatedBy: 'seed', createdTime: new Date('2026-01-01T00:00:00Z'), updatedTime: new Date('2026-01-01T00:00:00Z') };

const migrator = async (db: Db) => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]!.schema });
};

/** Relations and constraints of this schema whose name begins with the table's. */
const namedAfter = async (db: Db, table: string) => {
  const prefix = `${table}_`;
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_class where relnamespace = current_schema()::regnamespace and (relname = ${table} or left(relname, ${prefix.length}) = ${prefix})
    union all
    select conname from pg_constraint where connamespace = current_schema()::regnamespace and left(conname, ${prefix.length}) = ${prefix}
    order by 1`.execute(db);
  return rows.map((row) => row.name.slice(table.length));
};

const labelsIn = async (db: Db, table: string) =>
  (await sql<{ id: number; tenantId: number; name: string }>`select id, tenant_id, name from ${sql.table(table)} order by id`.execute(db)).rows;

describe('a database from before the labels table took its name', () => {
  it('keeps its labels, their ids, indexes and uniqueness under the new name, on upgrade and back', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const { db } = database;
      expect((await (await migrator(db)).migrateTo(BEFORE)).error).toBeUndefined();
      // The table as the declaration made it then.
      await syncEntityTables(db, [{ ...label, table: 'quality_labels' }]);
      const space = await db
        .insertInto('tenants')
        .values({ code: 'old', name: 'Old Space', internal: false, description: '', rawDataStorageQuota: null, rawDataDownloadQuota: null, ...STAMP })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of ['Drop Error', 'Low Light'])
        await sql`insert into quality_labels (tenant_id, name, label_type, description, created_by, updated_by, created_time, updated_time)
          values (${space.id}, ${name}, 'scene', '', 'rd', 'rd', now(), now())`.execute(db);
      const before = await labelsIn(db, 'quality_labels');
      const relations = await namedAfter(db, 'quality_labels');
      expect(relations).toEqual(expect.arrayContaining(['', '_pkey', '_id_seq', '_tenant_id_fkey', '_sort_idx', '_name_uniq_idx']));

      await prepareDatabase(db); // as the upgraded server starts

      expect(await labelsIn(db, 'labels')).toEqual(before);
      expect(await namedAfter(db, 'quality_labels')).toEqual([]);
      expect(await namedAfter(db, 'labels')).toEqual(relations); // renamed, none made anew beside them
      const added = await sql<{ id: number }>`insert into labels (tenant_id, name, label_type, description, created_by, updated_by, created_time, updated_time)
        values (${space.id}, 'Clean Grasp', 'quality', '', 'rd', 'rd', now(), now()) returning id`.execute(db);
      expect(added.rows[0]!.id).toBeGreaterThan(Math.max(...before.map((row) => Number(row.id))));
      await expect(
        sql`insert into labels (tenant_id, name, label_type, description, created_by, updated_by, created_time, updated_time)
          values (${space.id}, 'Low Light', 'scene', '', 'rd', 'rd', now(), now())`.execute(db),
      ).rejects.toMatchObject({ code: '23505' });

      expect((await (await migrator(db)).migrateTo(BEFORE)).error).toBeUndefined();
      expect((await labelsIn(db, 'quality_labels')).map((row) => row.name)).toEqual(['Drop Error', 'Low Light', 'Clean Grasp']);
      expect(await namedAfter(db, 'quality_labels')).toEqual(relations);
      expect(await namedAfter(db, 'labels')).toEqual([]);
    } finally {
      await database.close();
      await drop();
    }
  }, 240_000); // two starts' worth of migrations and table syncs: minutes on embedded PGlite on a busy machine

  it('on a new database, has nothing to rename: the table is made under its name at the first start', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await prepareDatabase(database.db);
      expect(await namedAfter(database.db, 'quality_labels')).toEqual([]);
      expect(await namedAfter(database.db, 'labels')).toEqual(expect.arrayContaining(['', '_pkey', '_sort_idx', '_name_uniq_idx']));
    } finally {
      await database.close();
      await drop();
    }
  }, 240_000);
});
