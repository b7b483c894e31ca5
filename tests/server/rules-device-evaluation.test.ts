import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROBOT } from '../../model/schemas/robot-report';
import { seedDemoRecords } from '../../server/modules/demo/demo-data';
import { ACCOUNTS, createSample, nameOf, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** The §5 rules and relations of devices (robots, alarm rules, compile servers) and structured-data evaluation. */
const { t, api } = useTestApp();
const tokens = new Map<string, string>();
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
});
const as = (who: string) => ({ token: tokens.get(who)! });
const total = async (path: string, query: Record<string, string> = {}) => (await api.get(`${path}/query`, { ...as('demo/rd'), query })).body.data.total;

describe('demo data', () => {
  it('fills every device and evaluation list, with robots that recorded the demo bags', async () => {
    await seedDemoRecords(t.records, t.clock());
    const apis = ['compile-server', 'robot', 'robot-config', 'alarm-rule', 'alarm-record'].map((name) => `/device/${name}`);
    // Evaluations need the training section's model cards, seeded before them.
    apis.push('/evaluation/structured-dataset', '/evaluation/structured-data', '/evaluation/evaluation-record');
    for (const path of apis) expect(await total(path), path).toBeGreaterThan(0);
    // Every robot recorded bags, but the simulated one, which reports with its seeded key.
    const orphans = await sql<{ sn: string }>`select sn from robots r where not exists (select 1 from bags b where b.robot_sn = r.sn)`.execute(t.database.db);
    expect(orphans.rows.map((row) => row.sn)).toEqual([DEMO_ROBOT.sn]);
    const keys = await api.get('/device/robot-key/query', as('demo/rd'));
    expect(keys.body.data.records).toMatchObject([{ keyId: DEMO_ROBOT.keyId, status: 'enabled' }]);
    // They report no more: nothing says they are online until one does.
    expect(await total('/device/robot', { status: 'online' })).toBe(0);
  });

  it('gives every structured data record real files, stored with their size and SHA-256', async () => {
    const { records } = (await api.get('/evaluation/structured-data/query', { ...as('demo/rd'), query: { pageSize: '100' } })).body.data;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records as { id: number; files: string }[]) {
      const files = JSON.parse(record.files) as { name: string; size: number; sha256: string }[];
      expect(files.length, `record ${record.id}`).toBeGreaterThan(0);
      for (const file of files) {
        const link = (await api.get(`/evaluation/structured-data/${record.id}/files/${file.name}/link`, as('demo/rd'))).body.data;
        const bytes = (await t.app.inject({ method: 'GET', url: link.url })).rawPayload;
        expect(bytes.length, file.name).toBe(file.size);
        expect(createHash('sha256').update(bytes).digest('hex'), file.name).toBe(file.sha256);
      }
    }
  });
});

describe('alarm rules (spec §5)', () => {
  const rule = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: 'Front camera',
    lostTopic: '/camera/front/image_raw',
    cooldown: 300,
    frameRate: 25,
    ...extra,
  });

  it.each([
    ['name', '请输入规则名称'],
    ['cooldown', '请输入冷却时间（秒）'],
    ['lostTopic', '请输入丢失话题名称'],
  ])('requires %s', async (field, zh) => {
    const { [field]: _missing, ...payload } = rule({ name: `missing ${field}` });
    const reply = await api.post('/device/alarm-rule/create', payload, as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field } });
  });

  it('refuses a rule with neither a frame-rate alarm nor a loss alarm, and writes nothing', async () => {
    const before = await total('/device/alarm-rule');
    const reply = await api.post('/device/alarm-rule/create', rule({ name: 'No alarm', frameRate: null }), as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '帧率告警和丢失告警不能同时为空' }, data: { field: 'frameRate' } });
    expect(await total('/device/alarm-rule')).toBe(before);
  });

  it('accepts either alarm alone', async () => {
    expect((await api.post('/device/alarm-rule/create', rule({ name: 'Frame rate only' }), as('demo/rd'))).status).toBe(200);
    const lossOnly = rule({ name: 'Loss only', frameRate: null, lossCount: 3, lossWindow: 60 });
    expect((await api.post('/device/alarm-rule/create', lossOnly, as('demo/rd'))).status).toBe(200);
  });

  it('refuses an update that clears the one alarm left, and keeps the record', async () => {
    const created = (await api.post('/device/alarm-rule/create', rule({ name: 'Clear me' }), as('demo/rd'))).body.data;
    const reply = await api.post('/device/alarm-rule/update', { id: created.id, updatedTime: created.updatedTime, frameRate: null }, as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '帧率告警和丢失告警不能同时为空' }, data: { field: 'frameRate' } });
    const stored = (await api.get('/device/alarm-rule/get', { ...as('demo/rd'), query: { id: String(created.id) } })).body.data;
    expect(stored).toMatchObject({ frameRate: 25, updatedTime: created.updatedTime });
    // Swapping one alarm for the other in the same update is fine.
    const swapped = await api.post(
      '/device/alarm-rule/update',
      { id: created.id, updatedTime: created.updatedTime, frameRate: null, lossCount: 3, lossWindow: 10 },
      as('demo/rd'),
    );
    expect(swapped.status).toBe(200);
    expect(swapped.body.data).toMatchObject({ frameRate: null, lossCount: 3, lossWindow: 10 });
  });

  it('refuses a count the window cannot hold: one check every 5 s', async () => {
    const fits = await api.post('/device/alarm-rule/create', rule({ name: 'Fits', frameRate: null, lossCount: 3, lossWindow: 10 }), as('demo/rd'));
    expect(fits.status).toBe(200);
    const reply = await api.post('/device/alarm-rule/create', rule({ name: 'Too many', frameRate: null, lossCount: 4, lossWindow: 10 }), as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { en_US: expect.stringContaining('cannot exceed the checks') }, data: { field: 'lossCount' } });
  });

  it('wants the robot type or the robots a rule applies to, when it is kept to them', async () => {
    const typed = await api.post('/device/alarm-rule/create', rule({ name: 'Typed', appliesTo: 'robotType' }), as('demo/rd'));
    expect(typed.body).toMatchObject({ data: { field: 'robotType' } });
    const listed = await api.post('/device/alarm-rule/create', rule({ name: 'Listed', appliesTo: 'robots', robotSns: [] }), as('demo/rd'));
    expect(listed.body).toMatchObject({ data: { field: 'robotSns' } });
    const hooked = await api.post('/device/alarm-rule/create', rule({ name: 'Hooked', webhookUrl: 'https://hooks.example.com/a' }), as('demo/rd'));
    expect(hooked.body).toMatchObject({ data: { field: 'webhookSecret' } });
  });

  it('wants the time range a loss count is counted in', async () => {
    const reply = await api.post('/device/alarm-rule/create', rule({ name: 'Count without range', frameRate: null, lossCount: 3 }), as('demo/rd'));
    expect(reply.body).toMatchObject({ message: { zh_CN: '设置了丢失告警次数时须填写统计时间范围' }, data: { field: 'lossWindow' } });
  });
});

describe('compile servers', () => {
  it.each(['256.1.1.1', '10.0.0', '10.0.0.1.5', 'build-01', '010.0.0.1'])('refuses the IP %s', async (ip) => {
    const reply = await api.post('/device/compile-server/create', { sn: `SN-${ip}`, name: 'x', type: 'x86-gpu', ip, status: 'online' }, as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: 'IP 地址须为合法的 IPv4 地址（如 192.168.1.10）' }, data: { field: 'ip' } });
  });

  it('accepts a private IPv4 address and keeps serials unique', async () => {
    const server = { sn: 'ATC-TEST-01', name: 'Test', type: 'ascend-310p', ip: '192.168.31.50', status: 'online', usage: 42.5 };
    expect((await api.post('/device/compile-server/create', server, as('demo/rd'))).status).toBe(200);
    expect((await api.post('/device/compile-server/create', { ...server, ip: '10.0.0.1' }, as('demo/admin'))).status).toBe(409);
  });
});

describe('robots and their configs (spec §4 config delivery)', () => {
  it('lists a robot’s configs by its id; none is delivered by a person', async () => {
    const robot = await createSample(api, resourceOf('robot'), tokens.get('demo/rd')!);
    const config = await api.post('/device/robot-config/create', { robotId: robot.id, name: 'teleop-params', content: '{"scale": 1.0}' }, as('demo/rd'));
    expect(config.body.data).toMatchObject({ robotId: robot.id, status: 'undelivered', version: 1 });
    const listed = await api.get('/device/robot-config/query', { ...as('demo/rd'), query: { robotId: String(robot.id) } });
    expect(listed.body.data.records.map((row: { id: number }) => row.id)).toEqual([config.body.data.id]);
    // Delivery is the robot's word (tests/server/robots): the only hand move sends a refused version again.
    expect(Object.keys(resourceOf('robot-config').entity.states!.actions)).toEqual(['redeliver']);
    expect((await api.post('/device/robot-config/redeliver', { ids: [config.body.data.id] }, as('demo/rd'))).status).toBe(409);
  });

  it('keeps robot serials unique in a space', async () => {
    const robot = { sn: 'UR5E-A999', name: '苏州 UR5e A999', robotType: 'ur5e', region: 'suzhou' };
    expect((await api.post('/device/robot/create', robot, as('demo/rd'))).status).toBe(200);
    expect((await api.post('/device/robot/create', robot, as('demo/rd'))).status).toBe(409);
  });
});

describe('evaluation records (spec §5 filtered data 1 to 2000)', () => {
  let valid: Record<string, unknown>;
  beforeAll(async () => {
    const model = await createSample(api, resourceOf('model-card'), tokens.get('demo/rd')!);
    const dataset = await createSample(api, resourceOf('structured-dataset'), tokens.get('demo/rd')!);
    await createSample(api, resourceOf('structured-data'), tokens.get('demo/rd')!, { 'structured-dataset': dataset.id });
    valid = { name: 'ACT regression', modelCardId: model.id, structuredDatasetId: dataset.id, dataFilter: '{}' };
  });

  it('counts the data its filter picks (the count is nobody’s to type) and refuses a filter picking none', async () => {
    const reply = await api.post('/evaluation/evaluation-record/create', { ...valid, filteredDataCount: 2000 }, as('demo/rd'));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'pending', successRate: null, filteredDataCount: 1 });
    const before = await total('/evaluation/evaluation-record');
    const none = await api.post('/evaluation/evaluation-record/create', { ...valid, dataFilter: '{"robotSn":"nobody"}' }, as('demo/rd'));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: { zh_CN: '每个数据集用于评测的筛选数据须为 1 到 2000 条，当前筛选出 0 条' }, data: { field: 'dataFilter' } });
    expect(await total('/evaluation/evaluation-record')).toBe(before);
  });

  it('refuses an unknown model', async () => {
    const unknown = await api.post('/evaluation/evaluation-record/create', { ...valid, modelCardId: 987654 }, as('demo/rd'));
    expect(unknown.body).toMatchObject({ message: { zh_CN: '模型引用的记录不存在' }, data: { field: 'modelCardId' } });
  });
});

describe('structured datasets and data', () => {
  it('finds a dataset by its name (its show path) and the data pointing at it', async () => {
    const dataset = (
      await api.post('/evaluation/structured-dataset/create', { name: 'towel-folding-eval', structureType: 'lerobot', dataCount: 99 }, as('demo/rd'))
    ).body.data;
    expect(dataset.dataCount).toBe(0); // kept by the platform, not typed in
    const bag = await createSample(api, resourceOf('bag'), tokens.get('demo/rd')!);
    const data = await api.post(
      '/evaluation/structured-data/create',
      {
        bagId: bag.id,
        structuredDatasetId: dataset.id,
        structureType: 'lerobot',
        version: 'v1.0',
        robotSn: 'G1-A009',
        leftArmSn: 'G1-A009-L',
        rightArmSn: 'G1-A009-R',
      },
      as('demo/rd'),
    );
    expect(data.status).toBe(200);
    const byName = await api.get('/evaluation/structured-dataset/query', { ...as('demo/rd'), query: { name: 'towel-folding-eval' } });
    expect(byName.body.data.records.map((row: { id: number }) => row.id)).toEqual([dataset.id]);
    const members = await api.get('/evaluation/structured-data/query', { ...as('demo/rd'), query: { structuredDatasetId: String(dataset.id) } });
    expect(members.body.data.records).toMatchObject([{ bagId: bag.id, leftArmSn: 'G1-A009-L' }]);
    const slash = await api.post('/evaluation/structured-dataset/create', { name: 'a/b', structureType: 'hdf5' }, as('demo/rd'));
    expect(slash.body).toMatchObject({ message: { zh_CN: '数据集名称不能包含 / 或 \\' }, data: { field: 'name' } });
  });
});
