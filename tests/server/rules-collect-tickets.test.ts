import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRecords } from '../../server/modules/demo/demo-data';
import { ACCOUNTS, createSample, nameOf, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** Spec §5 rules and §4 transitions of data collection and tickets, and the links between tickets, bags and views. */
const { t, api } = useTestApp();
const tokens = new Map<string, string>();
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
});
const as = (who: string) => ({ token: tokens.get(who)! });
const total = async (path: string, query: Record<string, string> = {}, who = 'demo/admin') =>
  (await api.get(`${path}/query`, { ...as(who), query })).body.data.total as number;

// First, while the tables are empty: the demo seed fills only empty tables.
describe('demo data', () => {
  beforeAll(async () => {
    await seedDemoRecords(t.records, t.clock());
  });

  it.each([
    '/data/collection-element',
    '/data/collection-plan',
    '/data/sub-plan',
    '/data/integration-record',
    '/data/ticket-team',
    '/data/ticket',
    '/data/ticket-item',
    '/data/ticket-job',
    '/data/ticket-job-event',
    '/data/annotation',
  ])('fills %s', async (path) => expect(await total(path)).toBeGreaterThanOrEqual(4));

  it('gives the demo operator tickets it manages and tickets it works on, over the demo datasets and bags', async () => {
    expect(await total('/data/ticket', { managers: 'operator' }, 'demo/operator')).toBeGreaterThan(0);
    expect(await total('/data/ticket', { operators: 'operator' }, 'demo/operator')).toBeGreaterThan(0);
    // Their own jobs annotated, and submitted work waiting for their review: every list of theirs has rows.
    expect(await total('/data/annotation', { assignee: 'operator' }, 'demo/operator')).toBeGreaterThan(0);
    expect(await total('/data/ticket-job', { managers: 'operator', state: 'submitted' }, 'demo/operator')).toBeGreaterThan(0);
    const item = (await api.get('/data/ticket-item/query', as('demo/rd'))).body.data.records[0];
    const bag = await api.get('/data/bag/get', { ...as('demo/rd'), query: { id: String(item.bagId) } });
    expect(bag.status).toBe(200);
    expect(await total('/data/ticket-item', { bagId: String(item.bagId) })).toBeGreaterThan(0);
  });
});

describe('collection elements (spec §5: no slash, at most 32 characters)', () => {
  it.each([
    ['cloth/folding', '要素名称不能包含斜杠（/）'],
    ['/', '要素名称不能包含斜杠（/）'],
    ['x'.repeat(33), '要素名称不能超过32个字符'],
  ])('refuses %s and writes nothing', async (name, zh) => {
    const before = await total('/data/collection-element');
    const reply = await api.post('/data/collection-element/create', { name, elementType: 'scene' }, as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field: 'name' } });
    expect(await total('/data/collection-element')).toBe(before);
  });

  it('accepts 32 characters, and a name once per element type', async () => {
    const name = 'n'.repeat(32);
    expect((await api.post('/data/collection-element/create', { name, elementType: 'scene' }, as('demo/rd'))).status).toBe(200);
    const again = await api.post('/data/collection-element/create', { name, elementType: 'scene' }, as('demo/rd'));
    expect(again.status).toBe(409);
    expect(again.body.message.zh_CN).toBe('要素名称已存在');
    expect((await api.post('/data/collection-element/create', { name, elementType: 'object' }, as('demo/rd'))).status).toBe(200);
  });
});

describe('integration records (spec §5: 1 to 100 collectors)', () => {
  const valid = async () => ({
    name: 'cloth-folding-20261101',
    planId: (await createSample(api, resourceOf('collection-plan'), tokens.get('demo/rd')!)).id,
    collectors: ['operator'],
    startTime: '2026-11-01T00:00:00+08:00',
    endTime: '2026-11-02T00:00:00+08:00',
  });
  const codes = (n: number) => Array.from({ length: n }, (_, i) => `collector-${i}`);

  it.each([
    [{ collectors: [] }, 'collectors', '请输入数采员'],
    [{ collectors: undefined }, 'collectors', '请输入数采员'],
    [{ collectors: codes(101) }, 'collectors', '数采员最多100项'],
    [{ endTime: '2026-10-31T23:59:59+08:00' }, 'endTime', '结束时间不能早于开始时间'],
  ])('refuses %o and writes nothing', async (change, field, zh) => {
    const before = await total('/data/integration-record');
    const reply = await api.post('/data/integration-record/create', { ...(await valid()), ...change }, as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field } });
    expect(await total('/data/integration-record')).toBe(before);
  });

  it('accepts 1 and 100 collectors, starting pending', async () => {
    for (const collectors of [codes(1), codes(100)]) {
      const reply = await api.post('/data/integration-record/create', { ...(await valid()), collectors }, as('demo/rd'));
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ collectors, status: 'pending' });
    }
  });
});

describe('ticket teams (spec §5: team name, managers and members required)', () => {
  const team = { name: '标注二组', managers: ['admin'], members: ['operator', 'li.na'] };
  it.each([
    [{ name: '' }, 'name', '请输入团队名称'],
    [{ managers: [] }, 'managers', '请输入管理员'],
    [{ managers: undefined }, 'managers', '请输入管理员'],
    [{ members: [] }, 'members', '请输入成员'],
    [{ members: undefined }, 'members', '请输入成员'],
  ])('refuses %o and writes nothing', async (change, field, zh) => {
    const before = await total('/data/ticket-team');
    const reply = await api.post('/data/ticket-team/create', { ...team, ...change }, as('demo/admin'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field } });
    expect(await total('/data/ticket-team')).toBe(before);
  });
});

describe('tickets', () => {
  let versionId: number;
  let teams = 0;
  const team = async (managers: string[], members: string[]) =>
    (await api.post('/data/ticket-team/create', { name: `苏州标注${(teams += 1)}组`, managers, members }, as('demo/admin'))).body.data.id as number;
  beforeAll(async () => {
    versionId = Number((await createSample(api, resourceOf('dataset-version'), tokens.get('demo/admin')!)).id);
  });
  const create = async (change: Record<string, unknown> = {}, who = 'demo/admin') =>
    api.post(
      '/data/ticket/create',
      {
        name: 'cloth-folding 标注 第1批',
        ticketType: 'label',
        versionId,
        batch: 'RULES-01',
        jobSize: 10,
        teamId: await team(['admin'], ['operator']),
        ...change,
      },
      as(who),
    );

  it('refers to an existing dataset version and team', async () => {
    const reply = await create({ versionId: 987654 });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '数据集版本引用的记录不存在' }, data: { field: 'versionId' } });
  });

  it('is made by staff, never by its operator; its state follows its jobs, and only its managers close and reopen it', async () => {
    const { id, status } = (await create()).body.data;
    expect(status).toBe('pending');
    expect((await create({ name: 'x' }, 'demo/operator')).status).toBe(403);
    expect((await api.post(`/data/ticket/${id}/mark-done`, { reason: '不做了' }, as('demo/operator'))).status).toBe(404);
    expect((await api.post(`/data/ticket/${id}/mark-done`, { reason: '提前结束' }, as('demo/admin'))).body.data.status).toBe('done');
    expect((await api.post('/data/ticket/reopen', { ids: [id] }, as('demo/rd'))).status).toBe(404);
    expect((await api.post('/data/ticket/reopen', { ids: [id] }, as('demo/admin'))).body.data[0].status).toBe('processing');
  });

  it("is read by tele_operator through the managed and pending views (the team's managers / members name the signed-in account)", async () => {
    await create({ name: '质检 第2批', teamId: await team(['operator'], ['li.na']) });
    await create({ name: '标注 第3批', teamId: await team(['admin'], ['operator', 'li.na']) });
    const managed = await api.get('/data/ticket/query', { ...as('demo/operator'), query: { managers: 'operator', batch: 'RULES-01' } });
    expect(managed.status).toBe(200);
    expect(managed.body.data.records.map((row: { name: string }) => row.name)).toEqual(['质检 第2批']);
    const pending = (await api.get('/data/ticket/query', { ...as('demo/operator'), query: { operators: 'operator', batch: 'RULES-01', pageSize: '100' } })).body
      .data.records;
    const names = pending.map((row: { name: string }) => row.name);
    expect(names).toContain('标注 第3批');
    expect(names).not.toContain('质检 第2批');
  });
});
