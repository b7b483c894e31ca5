import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '../../model/schemas/index';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** The space home's counts, the quota dashboard and the platform's usage statistics, from records made here. */
const { t, api } = useTestApp();
const tokens = new Map<string, string>();
let spaceId: number;
const as = (who: string) => ({ token: tokens.get(who)! });

const bag = (bagName: string, extra: Record<string, unknown> = {}) => ({
  bagName,
  bagStatus: 'good',
  bagSize: 1000,
  bagDuration: 60,
  bagStartTime: '2026-11-01T02:00:00Z',
  bagEndTime: '2026-11-01T02:01:00Z',
  bagRegion: 'suzhou',
  uploadType: 'auto',
  bagOssPath: `oss://edp-raw/${bagName}`,
  robotSn: 'UR5E-A012',
  robotType: 'ur5e',
  ...extra,
});

beforeAll(async () => {
  for (const [tenant, code] of [
    ['platform', 'admin'],
    ['demo', 'admin'],
    ['demo', 'rd'],
    ['demo', 'operator'],
  ])
    tokens.set(`${tenant}/${code}`, await api.token(tenant!, code!, SEED_PASSWORD));
  const space = await api.post(
    '/console/tenant/create',
    {
      code: 'lab-7',
      name: 'Lab Seven',
      rawDataStorageQuota: { limited: true, amount: 10_000 },
      rawDataDownloadQuota: { limited: true, amount: 50_000 },
      adminCode: 'chief',
      adminName: 'Chief',
    },
    as('platform/admin'),
  );
  spaceId = space.body.data.id;
  tokens.set('lab-7/chief', await api.ownToken('lab-7', 'chief', space.body.data.extras.admin.password));
  for (const payload of [
    bag('a', { bagSize: 3000 }),
    bag('b', { bagSize: 1500, robotType: 'unitree-g1', bagRegion: 'beijing' }),
    bag('c', { bagSize: 500, bagStartTime: '2026-10-05T02:00:00Z', bagEndTime: '2026-10-05T02:01:00Z' }),
  ])
    expect((await api.post('/data/bag/create', payload, as('lab-7/chief'))).status).toBe(200);
  expect((await api.post('/console/label/create', { name: 'Drop Error', labelType: 'failure', description: '' }, as('lab-7/chief'))).status).toBe(200);
});

const figure = (counts: { name: string; count: number }[], name: string) => counts.find((count) => count.name === name);

describe('GET /console/space/overview', () => {
  it("counts the space's records the caller may list, with where they are listed", async () => {
    const reply = await api.get('/console/space/overview', as('lab-7/chief'));
    expect(reply.status).toBe(200);
    const { counts } = reply.body.data;
    expect(figure(counts, 'bag')).toEqual({ name: 'bag', label: 'menu:data.lake.rawData', path: '/data/lake/raw-data', count: 3, capped: false });
    expect(figure(counts, 'label')).toMatchObject({ path: '/console/space/label', count: 1 });
    expect(figure(counts, 'account')).toMatchObject({ path: '/console/space/account', count: 1 });
    // Platform records (spaces, images, templates) are not a space's own.
    expect(figure(counts, 'tenant')).toBeUndefined();
  });

  it('does not see other spaces, and leaves out what the role may not list', async () => {
    const demo = (await api.get('/console/space/overview', as('demo/rd'))).body.data.counts;
    expect(figure(demo, 'bag')!.count).toBe(0);
    expect(figure(demo, 'account')!.count).toBe(3);
    const operator = await api.get('/console/space/overview', as('demo/operator'));
    expect(operator.status).toBe(200); // the console home is open to all four roles
    expect(figure(operator.body.data.counts, 'bag')).toBeUndefined();
    expect(figure(operator.body.data.counts, 'label')).toBeUndefined();
  });

  it('needs a session', async () => {
    expect((await api.get('/console/space/overview')).status).toBe(403);
  });
});

describe('GET /console/space/quota', () => {
  it('weighs the space’s bags against its quotas, per robot type and region', async () => {
    const reply = await api.get('/console/space/quota', as('lab-7/chief'));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      storage: { used: 5000, quota: 10_000, bags: 3 },
      downloads: { used: 0, quota: 50_000 },
      storageBy: {
        robotType: [
          { value: 'ur5e', bags: 2, bytes: 3500 },
          { value: 'unitree-g1', bags: 1, bytes: 1500 },
        ],
        bagRegion: [
          { value: 'suzhou', bags: 2, bytes: 3500 },
          { value: 'beijing', bags: 1, bytes: 1500 },
        ],
      },
    });
  });

  it('follows a deleted bag, and answers an empty, unlimited space with zeros', async () => {
    const { records } = (await api.get('/data/bag/query', { ...as('lab-7/chief'), query: { bagName: 'c' } })).body.data;
    expect((await api.post('/data/bag/delete', { ids: [records[0].id] }, as('lab-7/chief'))).status).toBe(200);
    expect((await api.get('/console/space/quota', as('lab-7/chief'))).body.data.storage).toEqual({ used: 4500, quota: 10_000, bags: 2 });
    const demo = await api.get('/console/space/quota', as('demo/rd'));
    expect(demo.body.data).toEqual({
      storage: { used: 0, quota: null, bags: 0 },
      downloads: { used: 0, quota: null },
      storageBy: { robotType: [], bagRegion: [] },
    });
  });

  it('is for staff only (spec §6): a data collector gets 403', async () => {
    expect((await api.get('/console/space/quota', as('demo/operator'))).status).toBe(403);
    expect((await api.get('/console/space/quota', as('demo/admin'))).status).toBe(200);
  });
});

describe('GET /console/system/usage', () => {
  it('lists every space with its storage, quotas, accounts and tasks', async () => {
    const reply = await api.get('/console/system/usage', as('platform/admin'));
    expect(reply.status).toBe(200);
    const { tenants, counted } = reply.body.data;
    expect(tenants.map((tenant: { code: string }) => tenant.code)).toEqual(['platform', 'demo', 'lab-7']);
    const lab = tenants.find((tenant: { code: string }) => tenant.code === 'lab-7');
    expect(lab).toMatchObject({
      tenantId: spaceId,
      name: 'Lab Seven',
      internal: false,
      storageUsed: 4500,
      storageQuota: 10_000,
      bags: 2,
      downloadsUsed: 0,
      downloadQuota: 50_000,
      accounts: 1,
    });
    expect(tenants.find((tenant: { code: string }) => tenant.code === 'demo')).toMatchObject({ accounts: 3, storageQuota: null, bags: 0 });
    expect(counted.downloads).toBe(true);
    const task = entityByName.get('task');
    expect(counted.tasks).toBe(Boolean(task));
    if (task) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(task.table)} where tenant_id = ${spaceId}`.execute(t.database.db);
      expect(lab.tasks).toBe(rows[0]!.n);
    } else expect(lab.tasks).toBeNull();
  });

  it("is only for the platform's system administrator (spec §6 internal:system_admin)", async () => {
    for (const who of ['demo/admin', 'demo/rd', 'demo/operator', 'lab-7/chief']) expect((await api.get('/console/system/usage', as(who))).status).toBe(403);
  });
});

describe('the API reference', () => {
  it('documents the three calls', async () => {
    const { paths } = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    for (const path of ['/console/space/overview', '/console/space/quota', '/console/system/usage']) expect(paths[path]?.get, path).toBeDefined();
  });
});
