import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_SECONDS } from '../../../model/schemas/robot-report';
import { pruneHeartbeats } from '../../../server/modules/robots/retention';
import { evaluate } from '../../../server/modules/robots/evaluate';
import { useTestApp } from '../helpers/test-app';
import { beat, robotWithKey } from './robot-helpers';

/** Robots report in with keys bound to them; their status, versions and topic figures follow, compactly kept. */
const { t, api } = useTestApp();
let rd: string;
beforeAll(async () => {
  rd = await api.token('demo', 'rd');
});
const robotRecord = async (id: number) => (await api.get('/device/robot/get', { token: rd, query: { id: String(id) } })).body.data;

describe('a heartbeat', () => {
  it('brings the robot online with its versions, uptime and topics, and answers how often to report', async () => {
    const robot = await robotWithKey(api, rd, 'HB-0001');
    expect((await robotRecord(robot.id)).status).toBe('offline');
    const reply = await beat(api, robot, { softwareVersion: 'agent 2.4.1', hardwareVersion: 'rev-C', uptimeSeconds: 3600 });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ robotId: robot.id, heartbeatIntervalSeconds: HEARTBEAT_INTERVAL_SECONDS, configs: [] });
    const record = await robotRecord(robot.id);
    expect(record).toMatchObject({ status: 'online', softwareVersion: 'agent 2.4.1', hardwareVersion: 'rev-C', uptime: 3600 });
    expect(record.lastSeenTime).toBe(t.clock().toISOString());
    const topics = (await api.get(`/device/robot/${robot.id}/topics`, { token: rd })).body.data;
    expect(topics.map((topic: { topic: string; rate: number }) => [topic.topic, topic.rate])).toEqual(
      expect.arrayContaining([
        ['/camera/front', 30],
        ['/joint_states', 500],
      ]),
    );
  });

  it('leaves the robot’s record time alone, so an edit open on its page is not made stale', async () => {
    const robot = await robotWithKey(api, rd, 'HB-0002');
    await beat(api, robot);
    const before = await robotRecord(robot.id);
    t.clock.advance(5000);
    await beat(api, robot, { uptimeSeconds: 10 });
    const after = await robotRecord(robot.id);
    expect(after.updatedTime).toBe(before.updatedTime);
    expect(after.uptime).toBe(10);
    const edited = await api.post('/device/robot/update', { id: robot.id, updatedTime: after.updatedTime, description: 'left arm serviced' }, { token: rd });
    expect(edited.status).toBe(200);
  });

  it('keeps one row per robot and minute: its heartbeats and each topic’s messages', async () => {
    const robot = await robotWithKey(api, rd, 'HB-0003');
    for (let i = 0; i < 12; i++) {
      await beat(api, robot);
      t.clock.advance(5000);
    }
    const { rows } = await sql<{ minutes: number; heartbeats: number; camera: number; joints: number }>`
      select count(*)::int as minutes, sum(heartbeats)::int as heartbeats, sum((messages ->> '/camera/front')::int)::int as camera,
        sum((messages ->> '/joint_states')::int)::int as joints
      from robot_minutes where robot_id = ${robot.id}`.execute(t.database.db);
    expect(rows[0]!.minutes).toBeGreaterThanOrEqual(1);
    expect(rows[0]!.minutes).toBeLessThanOrEqual(2);
    expect(rows[0]).toMatchObject({ heartbeats: 12, camera: 12 * 150, joints: 12 * 2500 });
  });

  it('works out a rate from the counts over the time since the last heartbeat', async () => {
    const robot = await robotWithKey(api, rd, 'HB-0004');
    await beat(api, robot);
    t.clock.advance(4000);
    await beat(api, robot, { topics: [{ name: '/camera/front', messages: 60 }] });
    const topics = (await api.get(`/device/robot/${robot.id}/topics`, { token: rd })).body.data;
    expect(topics.find((topic: { topic: string }) => topic.topic === '/camera/front').rate).toBe(15);
  });

  it('keeps the rates when a heartbeat follows the one before within a moment: it measured nothing', async () => {
    const robot = await robotWithKey(api, rd, 'HB-0006');
    await beat(api, robot);
    t.clock.advance(5000);
    await beat(api, robot);
    t.clock.advance(200);
    await beat(api, robot, { topics: [{ name: '/camera/front', messages: 0, rate: 0 }] });
    const topics = (await api.get(`/device/robot/${robot.id}/topics`, { token: rd })).body.data;
    expect(topics.find((topic: { topic: string }) => topic.topic === '/camera/front').rate).toBe(30);
  });

  it('refuses a body that is not a heartbeat with 400 in both languages, and writes nothing', async () => {
    const robot = await robotWithKey(api, rd, 'HB-0005');
    const reply = await api.post('/device/report/heartbeat', { sn: robot.sn, topics: [{ name: 'no-slash', messages: -1 }] }, { token: robot.key });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatchObject({ zh_CN: expect.any(String), en_US: expect.any(String) });
    expect((await robotRecord(robot.id)).status).toBe('offline');
  });
});

describe('a robot’s key', () => {
  it('reports for its own robot only', async () => {
    const mine = await robotWithKey(api, rd, 'KEY-0001');
    const other = await robotWithKey(api, rd, 'KEY-0002');
    const reply = await beat(api, { sn: other.sn, key: mine.key });
    expect(reply.status).toBe(403);
    expect((await robotRecord(other.id)).status).toBe('offline');
  });

  it('reads nothing else: every other call takes it for no session', async () => {
    const robot = await robotWithKey(api, rd, 'KEY-0003');
    for (const path of ['/device/robot/query', '/device/robot-key/query', '/console/account/get-cur-user-info', `/device/robot/${robot.id}/topics`])
      expect((await api.get(path, { token: robot.key })).status, path).toBe(403);
    expect((await api.post('/device/report/compile-server', { status: 'online' }, { token: robot.key })).status).toBe(401);
  });

  it('is refused when wrong, unknown or disabled, and a person’s access key is no robot key', async () => {
    const robot = await robotWithKey(api, rd, 'KEY-0004');
    const [keyId] = robot.key.split('.');
    expect((await beat(api, { sn: robot.sn, key: `${keyId}.wrong-secret-wrong-secret` })).status).toBe(401);
    expect((await beat(api, { sn: robot.sn, key: 'EDPRKAAAAAAAAAAAAAAAA.some-secret-some-secret' })).status).toBe(401);
    expect((await beat(api, { sn: robot.sn, key: rd })).status).toBe(401);
    const access = await api.post('/console/access-key/create', { name: 'mine' }, { token: rd });
    const { accessKeyId, secret } = access.body.data.extras.accessKey;
    expect((await beat(api, { sn: robot.sn, key: `${accessKeyId}.${secret}` })).status).toBe(401);
    expect((await api.post('/device/robot-key/disable', { ids: [robot.keyRecordId] }, { token: rd })).status).toBe(200);
    const refused = await beat(api, robot);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatchObject({ zh_CN: expect.any(String), en_US: expect.any(String) });
  });

  it('shows its secret once: the record never carries it again', async () => {
    const robot = await robotWithKey(api, rd, 'KEY-0005');
    const listed = await api.get('/device/robot-key/query', { token: rd, query: { robotId: String(robot.id) } });
    expect(listed.body.data.records).toHaveLength(1);
    expect(listed.body.data.records[0].secretHash).toBe('');
    expect(JSON.stringify(listed.body)).not.toContain(robot.key.split('.')[1]);
  });
});

describe('a compile server', () => {
  it('reports its status and usage with its own key, and goes offline when its reports stop', async () => {
    const made = await api.post('/device/compile-server/create', { sn: 'CS-0001', name: 'atc', type: 'ascend-310p', ip: '10.0.0.9' }, { token: rd });
    expect(made.body.data.status).toBe('offline');
    const key = await api.post('/device/compile-server-key/create', { compileServerId: made.body.data.id, name: 'agent' }, { token: rd });
    const { keyId, secret } = key.body.data.extras.compileServerKey;
    const reply = await api.post('/device/report/compile-server', { status: 'busy', usage: 87.5 }, { token: `${keyId}.${secret}` });
    expect(reply.status).toBe(200);
    const read = async () => (await api.get('/device/compile-server/get', { token: rd, query: { id: String(made.body.data.id) } })).body.data;
    expect(await read()).toMatchObject({ status: 'busy', usage: 87.5, statusUploadTime: t.clock().toISOString() });
    t.clock.advance(89_000);
    await evaluate(t.records, t.clock());
    expect((await read()).status).toBe('busy');
    t.clock.advance(2000);
    await evaluate(t.records, t.clock());
    expect((await read()).status).toBe('offline');
  });
});

describe('retention', () => {
  it('drops the minutes older than the retention and keeps the rest', async () => {
    const robot = await robotWithKey(api, rd, 'RET-0001');
    await beat(api, robot);
    t.clock.advance(2 * 86_400_000);
    await beat(api, robot);
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from robot_minutes where robot_id = ${robot.id}`.execute(t.database.db)).rows[0]!.n;
    expect(await count()).toBe(2);
    expect(await pruneHeartbeats(t.database.db, 1, t.clock())).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(1);
  });
});
