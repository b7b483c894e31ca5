import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/db/prepare';
import type { Db } from '../../server/db/tables';
import { freshDatabase } from './helpers/test-app';

/**
 * The migrator asks Kysely which tables exist. Kysely's own answer reads every schema of the database,
 * so another process dropping its schema meanwhile failed our start; ours reads our schema alone.
 */
const otherSchema = async (db: Db, run: (name: string) => Promise<void>) => {
  const name = `elsewhere_${randomBytes(5).toString('hex')}`;
  await sql.raw(`create schema ${name}`).execute(db);
  try {
    await run(name);
  } finally {
    await sql.raw(`drop schema if exists ${name} cascade`).execute(db);
  }
};

describe("the database's introspection", () => {
  it("lists the tables of the connection's schema with their columns, and no other schema's", async () => {
    const { database, drop } = await freshDatabase();
    try {
      const { db } = database;
      await prepareDatabase(db);
      await otherSchema(db, async (name) => {
        await sql.raw(`create table ${name}.strangers (created_by text)`).execute(db);
        const tables = await db.introspection.getTables();
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([rows[0]!.schema]));
        expect(tables.map((table) => table.name)).not.toContain('strangers');
        expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
        const accounts = tables.find((table) => table.name === 'accounts');
        expect(accounts?.columns.find((column) => column.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
        expect(accounts?.columns.map((column) => column.name)).toContain('created_by');
        expect((await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name)).toContain('kysely_migration');
      });
    } finally {
      await database.close();
      await drop();
    }
  });
});
