import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { staff } from '../../model/access/rules';
import { flatten, placeSection } from '../../model/resources/index';
import { catalogue, menu } from '../../model/resources/builders';
import { defineEntity } from '../../model/schemas/engine/entity';
import { datetime, enumOf, integer, tags, text } from '../../model/schemas/engine/fields';
import { apiResourcesOf } from '../../server/engine/registry';
import { useTestApp } from './helpers/test-app';

/**
 * Adding an entity is one schema, one resource entry (and locale keys). This declares
 * one here and nothing else, and checks it gets its table, its API, its permissions and its pages.
 */
const gadget = defineEntity({
  name: 'gadget',
  table: 'fixture_gadgets',
  label: 'gadget:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  indexes: [['kind']],
  rollup: { time: 'madeAt', dimensions: ['kind'], sums: ['weight'] },
  fields: {
    name: text('gadget:fields.name', { max: 40 }),
    kind: enumOf('gadget:fields.kind', [
      { value: 'gripper', label: 'gadget:kinds.gripper' },
      { value: 'camera', label: 'gadget:kinds.camera' },
    ]),
    weight: integer('gadget:fields.weight', { min: 1, max: 5000 }),
    labels: tags('gadget:fields.labels'),
    madeAt: datetime('gadget:fields.madeAt'),
  },
});
const section = placeSection(catalogue('lab', 'menu:lab._', [menu('gadgets', 'menu:lab.gadgets', { entity: 'gadget', auth: staff })]));
const entries = flatten(section);
const { t, api } = useTestApp({}, { entities: [gadget], resources: apiResourcesOf(entries, [gadget]) });

describe('a freshly declared entity', () => {
  it('gets its four pages, hidden but the list, each guarded', () => {
    const views = entries.filter((entry) => entry.entity === 'gadget').map((entry) => [entry.view, entry.fullPath, entry.hidden ?? false, entry.effectiveAuth]);
    expect(views).toEqual([
      ['list', '/lab/gadgets', false, staff],
      ['show', '/lab/gadgets/:id', true, staff],
      ['create', '/lab/gadgets/create', true, staff],
      ['edit', '/lab/gadgets/:id/edit', true, staff],
    ]);
  });

  it('gets its table with its columns and indexes', async () => {
    const { rows } = await sql<{ columnName: string; dataType: string }>`
      select column_name, data_type from information_schema.columns where table_name = 'fixture_gadgets' and table_schema = current_schema() order by ordinal_position`.execute(
      t.database.db,
    );
    expect(rows.map((row) => `${row.columnName}:${row.dataType}`)).toEqual([
      'id:bigint',
      'tenant_id:bigint',
      'created_by:text',
      'updated_by:text',
      'created_time:timestamp with time zone',
      'updated_time:timestamp with time zone',
      'name:text',
      'kind:text',
      'weight:bigint',
      'labels:ARRAY',
      'made_at:timestamp with time zone',
    ]);
    const indexes = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'fixture_gadgets' and schemaname = current_schema() order by indexname`.execute(t.database.db);
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'fixture_gadgets_kind_list_idx',
      'fixture_gadgets_labels_gin_idx',
      'fixture_gadgets_name_uniq_idx',
      'fixture_gadgets_pkey',
      'fixture_gadgets_sort_idx',
    ]);
  });

  it('gets its API, validated and guarded', async () => {
    const rd = await api.token('demo', 'rd');
    const created = await api.post('/lab/gadget/create', { name: 'Two-finger gripper', kind: 'gripper', weight: 900, labels: ['soft'] }, { token: rd });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Two-finger gripper', kind: 'gripper', weight: 900, labels: ['soft'], createdBy: 'rd' });
    const found = await api.get('/lab/gadget/query', { token: rd, query: { labels: 'soft', 'weight.from': '500' } });
    expect(found.body.data.total).toBe(1);
    const invalid = await api.post('/lab/gadget/create', { name: 'Heavy', kind: 'camera', weight: 6000 }, { token: rd });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data).toEqual({ field: 'weight' });
    expect((await api.post('/lab/gadget/create', { name: 'Two-finger gripper', kind: 'camera' }, { token: rd })).status).toBe(409);
    const operator = await api.token('demo', 'operator');
    expect((await api.get('/lab/gadget/query', { token: operator })).status).toBe(403);
  });

  it('gets the daily totals its rollup declares', async () => {
    const rd = await api.token('demo', 'rd');
    await api.post('/lab/gadget/create', { name: 'Depth camera', kind: 'camera', weight: 300, madeAt: '2026-11-20T03:00:00Z' }, { token: rd });
    const totals = await api.get('/lab/gadget/totals', { token: rd, query: { from: '2026-11-20', to: '2026-11-21' } });
    expect(totals.body.data).toMatchObject({ total: { count: 1, sums: { weight: 300 } }, by: { kind: [{ value: 'camera', count: 1 }] } });
    expect(totals.body.data.days).toHaveLength(2);
  });

  it('appears in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/lab/gadget/query',
        '/lab/gadget/get',
        '/lab/gadget/create',
        '/lab/gadget/update',
        '/lab/gadget/delete',
        '/lab/gadget/export',
        '/lab/gadget/totals',
      ]),
    );
  });
});
