import { beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { recordSchema } from '../../model/schemas/engine/entity';
import { entityPage, envelope, TOTAL_CAP } from '../../model/schemas/envelope';
import { bagFactory } from '../../server/modules/demo/demo-bags';
import { seedDemoRecords } from '../../server/modules/demo/demo-data';
import { SEARCH_STATISTICS } from '../../server/engine/ddl-indexes';
import { listRecords } from '../../server/engine/list-query';
import { snake } from '../../server/engine/naming';
import { toRecord } from '../../server/engine/records';
import { apiResources } from '../../server/engine/registry';
import { useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();
beforeAll(() => seedDemoRecords(t.records, t.clock())); // the demo space's records, as a first start with EDP_DEMO has them

/**
 * The list routes send their answer as built, without the zod serializer (server/engine/routes.ts):
 * over the demo data of every entity, each answer must be exactly what the serializer would have
 * sent, and valid against the documented schema.
 */
it('sends every list answer exactly as the zod serializer would', async () => {
  const tokens = [await api.token('demo', 'admin'), await api.token('platform', 'admin')];
  let compared = 0;
  for (const { entity, api: path } of apiResources) {
    const schema = envelope(entityPage(recordSchema(entity)));
    for (const token of tokens) {
      const response = await t.app.inject({ url: `/api/v1${path}/query?pageSize=1000`, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode === 403) continue;
      expect(response.statusCode, `${entity.name}: ${response.body.slice(0, 200)}`).toBe(200);
      const encoded = z.safeEncode(schema, response.json());
      expect(encoded.error, entity.name).toBeUndefined();
      expect(response.body, entity.name).toBe(JSON.stringify(encoded.data));
      compared += (response.json().data.records as unknown[]).length;
    }
  }
  expect(compared).toBeGreaterThan(500);
});

/**
 * A list page travels from the database as one JSON value (server/engine/json-rows.ts): its
 * records must be exactly those the driver's rows make, column types, odd values and order alike.
 */
it('lists the same records as the rows of the table make, odd values included', async () => {
  const db = t.database.db;
  // Microsecond times, NaN and ±Infinity, quotes, backslashes and non-ASCII text, empty and null arrays.
  await sql`update bags set model_test_score = case id % 4 when 0 then 'NaN'::float8 when 1 then 'Infinity'::float8 when 2 then '-Infinity'::float8 else 1.0e-7 end,
    created_time = created_time + interval '123456 microseconds', bag_name = bag_name || ' "引号" \\ ' || id,
    label_list = case when id % 3 = 0 then null when id % 3 = 1 then '{}'::text[] else array['a "b"', 'c,d', '漢字'] end
    where id in (select id from bags order by id limit 12)`.execute(db);
  for (const { entity } of apiResources) {
    const everything = { entity, tenantId: null, views: null };
    const listed = await listRecords(db, entity, everything, { pageNum: 1, pageSize: -1, filters: {} });
    const sort = entity.sort;
    const rows = (await (db as unknown as Kysely<any>)
      .selectFrom(entity.table)
      .selectAll()
      .orderBy(sort.field, sort.order)
      .orderBy('id', sort.order)
      .limit(TOTAL_CAP)
      .execute()) as Record<string, unknown>[];
    expect(listed.records, entity.name).toEqual(rows.map((row) => toRecord(entity, row)));
  }
});

/**
 * Lists without filters run one statement built once per shape, its values filled in per call
 * (server/engine/list-page.ts): every page by offset and by cursor must be the page the table
 * holds there, as a filtered list (built each time) finds it too.
 */
it('pages a plain list by offset and by cursor exactly as the table orders it', async () => {
  const db = t.database.db;
  const bags = apiResources.find((resource) => resource.entity.name === 'bag')!.entity;
  const tenants = await db.selectFrom('tenants').select('id').execute();
  /** A space's bags straight from the table, in a list's order. */
  const bagRows = (tenantId: number, field: string, order: 'asc' | 'desc') =>
    (db as unknown as Kysely<any>).selectFrom('bags').selectAll().where('tenantId', '=', tenantId).orderBy(field, order).orderBy('id', order);
  for (const { id: tenantId } of tenants) {
    const scope = { entity: bags, tenantId, views: null };
    const rows = (await bagRows(tenantId, 'bagStartTime', 'desc').execute()) as Record<string, unknown>[];
    const expected = rows.map((row) => toRecord(bags, row));
    const everyStatus = { bagStatus: 'good,bad' }; // the same rows, through a filter
    for (const filters of [{}, everyStatus]) {
      const byOffset: unknown[] = [];
      const byCursor: unknown[] = [];
      let cursor: string | undefined;
      for (let pageNum = 1; pageNum <= Math.ceil(expected.length / 37) + 1; pageNum += 1) {
        const offsetPage = await listRecords(db, bags, scope, { pageNum, pageSize: 37, filters });
        const cursorPage = await listRecords(db, bags, scope, { pageNum, pageSize: 37, filters, ...(cursor ? { cursor } : {}) });
        expect(offsetPage.total).toBe(expected.length);
        expect(cursorPage.total).toBe(expected.length);
        byOffset.push(...offsetPage.records);
        byCursor.push(...cursorPage.records);
        cursor = cursorPage.nextCursor;
      }
      expect(byOffset, JSON.stringify(filters)).toEqual(expected);
      expect(byCursor, JSON.stringify(filters)).toEqual(expected);
    }
    // Another sort pages by offset alone.
    const oldest = (await bagRows(tenantId, 'createdTime', 'asc').offset(20).limit(20).execute()) as Record<string, unknown>[];
    const second = await listRecords(db, bags, scope, { pageNum: 2, pageSize: 20, sort: 'createdTime,asc', filters: {} });
    expect(second.records).toEqual(oldest.map((row) => toRecord(bags, row)));
    expect(second.nextCursor).toBeUndefined();
  }
});

/**
 * A substring search takes its page and its total from one set, the first TOTAL_CAP + 1 matches in
 * the list's order (server/engine/list-page.ts): every page, by offset or by cursor, must be the
 * one the table holds there.
 */
it('pages a name search exactly as the table orders its matches', async () => {
  const db = t.database.db;
  const bags = apiResources.find((resource) => resource.entity.name === 'bag')!.entity;
  const { id: tenantId } = await db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const scope = { entity: bags, tenantId, views: null };
  for (const term of ['a', '_', 'UR5E', 'no such name']) {
    const rows = (await (db as unknown as Kysely<any>)
      .selectFrom('bags')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('bagName', 'ilike', `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
      .orderBy('bagStartTime', 'desc')
      .orderBy('id', 'desc')
      .execute()) as Record<string, unknown>[];
    const expected = rows.map((row) => toRecord(bags, row));
    const byOffset: unknown[] = [];
    const byCursor: unknown[] = [];
    let cursor: string | undefined;
    for (let pageNum = 1; pageNum <= Math.ceil(expected.length / 23) + 1; pageNum += 1) {
      const offsetPage = await listRecords(db, bags, scope, { pageNum, pageSize: 23, filters: { bagName: term } });
      const cursorPage = await listRecords(db, bags, scope, { pageNum, pageSize: 23, filters: { bagName: term }, ...(cursor ? { cursor } : {}) });
      expect([offsetPage.total, cursorPage.total, offsetPage.totalCapped]).toEqual([expected.length, expected.length, false]);
      byOffset.push(...offsetPage.records);
      byCursor.push(...cursorPage.records);
      cursor = cursorPage.nextCursor;
    }
    expect(byOffset, term).toEqual(expected);
    expect(byCursor, term).toEqual(expected);
    const everything = await listRecords(db, bags, scope, { pageNum: 1, pageSize: -1, filters: { bagName: term } });
    expect(everything.records, term).toEqual(expected);
    const byId = await listRecords(db, bags, scope, { pageNum: 2, pageSize: 5, sort: 'id,asc', filters: { bagName: term } });
    expect(byId.records.map((record) => record.id)).toEqual(
      expected
        .map((record) => record.id)
        .sort((a, b) => a - b)
        .slice(5, 10),
    );
  }
  // Searched columns keep a finer histogram, so a term's frequency is estimated steadily.
  {
    const { rows } = await sql<{
      target: number;
    }>`select attstattarget as target from pg_attribute where attrelid = to_regclass('bags') and attname = 'bag_name'`.execute(db);
    expect(rows[0]!.target).toBe(SEARCH_STATISTICS);
  }
});

it('caps a frequent search at TOTAL_CAP and still pages it in order, up to and past the cap', async () => {
  const db = t.database.db;
  const bags = apiResources.find((resource) => resource.entity.name === 'bag')!.entity;
  const { id: tenantId } = await db.selectFrom('tenants').select('id').where('code', '=', 'platform').executeTakeFirstOrThrow();
  const make = bagFactory(tenantId, t.clock(), { seed: 7, days: 365 });
  for (let batch = 0; batch < 11; batch += 1) {
    const rows = Array.from({ length: 1000 }, () => Object.fromEntries(Object.entries(make()).map(([key, value]) => [snake(key), value])));
    const columns = sql.raw(Object.keys(rows[0]!).join(', '));
    await sql`insert into bags (${columns}) select ${columns} from json_populate_recordset(null::bags, ${JSON.stringify(rows)})`.execute(db);
  }
  const scope = { entity: bags, tenantId, views: null };
  const ordered = (await (db as unknown as Kysely<any>)
    .selectFrom('bags')
    .select(['id'])
    .where('tenantId', '=', tenantId)
    .where('bagName', 'ilike', '%2%')
    .orderBy('bagStartTime', 'desc')
    .orderBy('id', 'desc')
    .execute()) as { id: number }[];
  expect(ordered.length).toBeGreaterThan(TOTAL_CAP + 20);
  for (const pageNum of [1, 2, 499, 500, 501, 502]) {
    const page = await listRecords(db, bags, scope, { pageNum, pageSize: 20, filters: { bagName: '2' } });
    expect([page.total, page.totalCapped]).toEqual([TOTAL_CAP, true]);
    expect(
      page.records.map((record) => record.id),
      `page ${pageNum}`,
    ).toEqual(ordered.slice((pageNum - 1) * 20, pageNum * 20).map((row) => row.id));
  }
});
