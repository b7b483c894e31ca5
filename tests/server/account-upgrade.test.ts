import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index';
import { prepareDatabase } from '../../server/db/prepare';
import type { Db } from '../../server/db/tables';
import { apiOf } from './helpers/api';
import { createTestApp } from './helpers/test-app';

const columnsOf = async (db: Db) =>
  (
    await sql<{
      name: string;
    }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'accounts'`.execute(db)
  ).rows
    .map((row) => row.name)
    .sort();

/** Accounts became a declared entity (migration 0005); a database from before keeps its accounts, their authors and their uniqueness. */
describe('an upgraded database', () => {
  it('keeps who made each account and still refuses a taken code or name with the §7 texts', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.database;
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]!.schema });
      expect((await migrator.migrateTo('0004-server-secrets')).error).toBeUndefined();
      expect(await columnsOf(db)).toEqual(expect.arrayContaining(['creator', 'modifier']));

      await prepareDatabase(db); // as the upgraded server starts
      expect(await columnsOf(db)).toEqual(expect.arrayContaining(['created_by', 'updated_by']));
      expect(await columnsOf(db)).not.toContain('creator');
      const api = apiOf(t.app);
      const admin = await api.token('demo', 'admin');
      const rd = (await api.get('/console/account/query', { token: admin, query: { pageSize: '-1', code: 'rd' } })).body.data.records[0];
      expect(rd).toMatchObject({ code: 'rd', creator: 'seed', modifier: 'seed' });
      expect(rd).not.toHaveProperty('passwordHash');
      const again = await api.createAccount(admin, { role: 'rd', accountCode: 'rd', accountName: 'Someone Else', password: 'Good-Pass-42' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ data: { field: 'accountCode' } });
      const sameName = await api.createAccount(admin, { role: 'rd', accountCode: 'rd-two', accountName: rd.name, password: 'Good-Pass-42' });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toMatchObject({ data: { field: 'accountName' } });
    } finally {
      await t.close();
    }
  });
});
