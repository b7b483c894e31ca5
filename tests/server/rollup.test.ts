import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncEntityTables } from '../../server/engine/ddl';
import { bag as bagEntity } from '../../model/schemas/bag';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** The daily totals the dashboards read: kept by the database as bags come, change and go. */
const { t, api } = useTestApp();
let rd: string;
let platform: string;
beforeAll(async () => {
  rd = await api.token('demo', 'rd', SEED_PASSWORD);
  platform = await api.token('platform', 'admin', SEED_PASSWORD);
});

const bag = (bagName: string, start: string, extra: Record<string, unknown> = {}) => ({
  bagName,
  bagStatus: 'good',
  bagSize: 1000,
  bagDuration: 60,
  bagStartTime: start,
  bagEndTime: start,
  bagRegion: 'suzhou',
  uploadType: 'auto',
  bagOssPath: `oss://edp-raw/${bagName}`,
  robotSn: 'SN-1',
  robotType: 'UR5e',
  ...extra,
});
const create = async (token: string, payload: Record<string, unknown>) => {
  const reply = await api.post('/data/bag/create', payload, { token });
  expect(reply.status).toBe(200);
  return reply.body.data as { id: number; updatedTime: string };
};
const totals = async (token: string, query: Record<string, string> = { from: '2026-10-01', to: '2026-10-03' }) =>
  (await api.get('/data/bag/totals', { token, query })).body.data;

describe('bag totals', () => {
  it('count a day in China time, per day and per dimension, with sums', async () => {
    await create(rd, bag('a', '2026-10-01T15:59:00Z', { bagSize: 100, bagDuration: 10 })); // 23:59 on 1 Oct in China
    await create(rd, bag('b', '2026-10-01T16:00:00Z', { bagSize: 200, bagDuration: 20, robotType: 'Franka FR3' })); // 00:00 on 2 Oct
    await create(
      rd,
      bag('c', '2026-10-02T10:00:00Z', { bagSize: 300, bagDuration: 30, bagStatus: 'bad', qualityLabel: 'unqualified', qualitySubLabel: 'Drop Error' }),
    );
    const report = await totals(rd);
    expect(report.total).toEqual({ count: 3, sums: { bagSize: 600, bagDuration: 60 } });
    expect(report.days.map((day: { day: string; count: number }) => [day.day, day.count])).toEqual([
      ['2026-10-01', 1],
      ['2026-10-02', 2],
      ['2026-10-03', 0],
    ]);
    expect(report.by.robotType).toEqual([
      { value: 'UR5e', count: 2, sums: { bagSize: 400, bagDuration: 40 } },
      { value: 'Franka FR3', count: 1, sums: { bagSize: 200, bagDuration: 20 } },
    ]);
    expect(report.by.qualitySubLabel).toContainEqual({ value: 'Drop Error', count: 1, sums: { bagSize: 300, bagDuration: 30 } });
  });

  it('follow an update and a delete, and do not see other spaces', async () => {
    const moved = await create(rd, bag('d', '2026-10-03T02:00:00Z', { robotType: 'Unitree G1' }));
    const updated = await api.post('/data/bag/update', { id: moved.id, updatedTime: moved.updatedTime, robotType: 'Realman RM65' }, { token: rd });
    expect(updated.status).toBe(200);
    let report = await totals(rd);
    expect(report.by.robotType.map((row: { value: string }) => row.value)).toContain('Realman RM65');
    expect(report.by.robotType.map((row: { value: string }) => row.value)).not.toContain('Unitree G1');
    expect(report.total.count).toBe(4);

    await api.post('/data/bag/delete', { ids: [moved.id] }, { token: rd });
    report = await totals(rd);
    expect(report.total.count).toBe(3);
    expect(report.by.robotType.map((row: { value: string }) => row.value)).not.toContain('Realman RM65');
    expect((await totals(platform)).total.count).toBe(0); // the platform space has no bags of its own
  });

  it('equal a count over the table itself, and are rebuilt from it when the declaration changes', async () => {
    const { db } = t.database;
    const direct = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from bags where bag_start_time >= '2026-09-30T16:00:00Z' and bag_start_time < '2026-10-03T16:00:00Z'`.execute(db)
      ).rows[0]!.n;
    expect((await totals(rd)).total.count).toBe(await direct());

    await syncEntityTables(db, [{ ...bagEntity, rollup: { ...bagEntity.rollup!, dimensions: ['robotSn'] } }]);
    const rebuilt = await sql<{
      n: number;
      sns: number;
    }>`select sum(count)::int as n, count(distinct robot_sn)::int as sns from bags_daily where day between '2026-10-01' and '2026-10-03'`.execute(db);
    expect(rebuilt.rows[0]).toEqual({ n: await direct(), sns: 1 });
    await syncEntityTables(db, [bagEntity]); // and back
    expect((await totals(rd)).total.count).toBe(await direct());
  });

  it('refuse a reversed or malformed range, naming the field', async () => {
    const reversed = await api.get('/data/bag/totals', { token: rd, query: { from: '2026-10-03', to: '2026-10-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ message: { zh_CN: '开始日期须不晚于结束日期，且范围不超过 10 年' }, data: { field: 'from' } });
    const malformed = await api.get('/data/bag/totals', { token: rd, query: { to: '2026-13-01' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.field).toBe('to');
  });

  it('default to the last 30 days, and leave with a deleted space', async () => {
    const report = await totals(rd, {});
    expect([report.from, report.to, report.days.length]).toEqual(['2026-10-24', '2026-11-22', 30]);

    const created = await api.post('/console/tenant/create', { code: 'gone', name: 'Gone', adminCode: 'boss', adminName: 'Boss' }, { token: platform });
    const boss = await api.ownToken('gone', 'boss', created.body.data.extras.admin.password);
    await create(boss, bag('e', '2026-10-01T02:00:00Z'));
    expect((await totals(boss)).total.count).toBe(1);
    expect((await api.post('/console/tenant/delete', { ids: [created.body.data.id] }, { token: platform })).status).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from bags_daily where tenant_id = ${created.body.data.id}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
  });
});
