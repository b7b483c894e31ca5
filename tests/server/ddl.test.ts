import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../model/schemas/engine/entity';
import { integer, text } from '../../model/schemas/engine/fields';
import { SchemaDriftError, syncEntityTables } from '../../server/engine/ddl';
import { useTestApp } from './helpers/test-app';

/** Tables follow their declarations at start; additive changes apply, destructive ones stop. */
const { t } = useTestApp();
const widget = (fields: Record<string, ReturnType<typeof text> | ReturnType<typeof integer>>, indexes?: string[][], listedWithin?: string) =>
  defineEntity({
    ...(listedWithin ? { listedWithin } : {}),
    name: 'widget',
    table: 'fixture_widgets',
    label: 'widget:_',
    scope: 'tenant',
    title: 'name',
    sort: { field: 'createdTime', order: 'desc' },
    fields,
    indexes,
  });

const columns = async () =>
  (
    await sql<{ columnName: string; dataType: string; collationName: string | null }>`
      select column_name, data_type, collation_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'fixture_widgets' order by ordinal_position`.execute(t.database.db)
  ).rows.map((row) => `${row.columnName}:${row.dataType}${row.collationName === 'C' ? ':C' : ''}`);
const indexDefinition = async (name: string) =>
  (await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(t.database.db)).rows[0]
    ?.indexdef;

describe('syncing a declared table', () => {
  it('creates it, then adds the columns and indexes a declaration gains, keeping the rows', async () => {
    await syncEntityTables(t.database.db, [widget({ name: text('widget:fields.name') })]);
    await sql`insert into fixture_widgets (tenant_id, name, created_by, updated_by, created_time, updated_time)
      values ((select id from tenants where code = 'demo'), 'kept', 'x', 'x', now(), now())`.execute(t.database.db);

    await syncEntityTables(t.database.db, [
      widget({ name: text('widget:fields.name', { index: 'trigram' }), size: integer('widget:fields.size', { index: 'btree' }) }, [['size']]),
    ]);
    expect((await columns()).slice(-2)).toEqual(['name:text:C', 'size:bigint']); // a searched name compares bytewise
    expect(await indexDefinition('fixture_widgets_size_idx')).toContain('(tenant_id, size)');
    expect(await indexDefinition('fixture_widgets_size_list_idx')).toContain('(tenant_id, size, created_time DESC, id DESC)');
    expect(await indexDefinition('fixture_widgets_sort_idx')).toContain('INCLUDE (name)'); // searches walk the sort order
    const { rows } = await sql<{ name: string }>`select name from fixture_widgets`.execute(t.database.db);
    expect(rows).toEqual([{ name: 'kept' }]);
  });

  it('rebuilds an index whose declaration changed and drops the ones no longer declared', async () => {
    await syncEntityTables(t.database.db, [widget({ name: text('widget:fields.name'), size: integer('widget:fields.size') })]);
    expect(await indexDefinition('fixture_widgets_sort_idx')).not.toContain('INCLUDE');
    expect(await indexDefinition('fixture_widgets_size_idx')).toBeUndefined();
    expect(await indexDefinition('fixture_widgets_size_list_idx')).toBeUndefined();
    expect(await indexDefinition('fixture_widgets_pkey')).toBeDefined();
  });

  it('leads the sort index with the field an entity is listed within', async () => {
    await syncEntityTables(t.database.db, [widget({ name: text('widget:fields.name'), size: integer('widget:fields.size') }, undefined, 'size')]);
    expect(await indexDefinition('fixture_widgets_sort_idx')).toContain('(size, created_time DESC, id DESC)');
  });

  it('refuses a changed column type: that is a written migration', async () => {
    const changed = widget({ name: text('widget:fields.name'), size: text('widget:fields.size') });
    await expect(syncEntityTables(t.database.db, [changed])).rejects.toThrow(SchemaDriftError);
    await expect(syncEntityTables(t.database.db, [changed])).rejects.toThrow(/fixture_widgets\.size is bigint but widget declares text/);
    expect(await columns()).toContain('size:bigint');
  });
});
