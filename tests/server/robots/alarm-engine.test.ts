import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Heartbeat } from '../../../model/schemas/robot-report';
import { WEBHOOK_JOB } from '../../../server/modules/robots/alarms';
import { evaluate } from '../../../server/modules/robots/evaluate';
import { useTestApp } from '../helpers/test-app';
import { beat, robotWithKey } from './robot-helpers';

/**
 * Each rule means what its help text says, checked with the server's clock in the test's hands:
 * heartbeats every 5 s and one look of the engine after each.
 */
const { t, api } = useTestApp();
let rd: string;
beforeAll(async () => {
  rd = await api.token('demo', 'rd');
});

let made = 0;
const rule = async (fields: Record<string, unknown>) => {
  const reply = await api.post('/device/alarm-rule/create', { name: `rule ${++made}`, cooldown: 600, receivers: ['rd'], ...fields }, { token: rd });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as { id: number };
};
type Topics = NonNullable<Heartbeat['topics']>;
/** Five seconds on: the robot sends these topics' counts (none: silent), then the engine looks. */
const tick = async (robot: { sn: string; key: string }, topics: Topics | null) => {
  t.clock.advance(5000);
  if (topics) expect((await beat(api, robot, { topics })).status).toBe(200);
  await evaluate(t.records, t.clock());
};
const ticks = async (n: number, robot: { sn: string; key: string }, topics: Topics | null) => {
  for (let i = 0; i < n; i++) await tick(robot, topics);
};
const alarmsOf = async (robotId: number) =>
  (await api.get('/device/alarm-record/query', { token: rd, query: { robotId: String(robotId), pageSize: '100', sort: 'alarmTime,asc' } })).body.data
    .records as {
    id: number;
    ruleId: number | null;
    kind: string;
    state: string;
    alarmTime: string;
    topic: string;
    endTime: string | null;
    duration: number | null;
    values: string;
    rule: string;
  }[];
const noticesOf = async (robotId: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from alarm_notices where robot_id = ${robotId} and account = 'rd'`.execute(t.database.db)).rows[0]!.n;

const camera = (hz: number) => ({ name: '/cam', messages: Math.round(hz * 5) });
const joints = { name: '/joints', messages: 2500 };

describe('a lost topic', () => {
  it('fires once the topic was missing on the rule’s count of checks within its window, not before, and tells the receivers once', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-LOST');
    const watching = await rule({ lostTopic: '/cam', lossCount: 3, lossWindow: 20, appliesTo: 'robots', robotSns: [robot.sn] });
    await ticks(3, robot, [camera(30), joints]);
    // Dropped: missing once its last message is 20 s old (4 checks on), fired on the third check missing.
    await ticks(6, robot, [joints]);
    expect(await alarmsOf(robot.id)).toEqual([]);
    await tick(robot, [joints]);
    const [alarm] = await alarmsOf(robot.id);
    expect(alarm).toMatchObject({ ruleId: watching.id, kind: 'missing', topic: '/cam', state: 'firing', endTime: null });
    expect(JSON.parse(alarm!.rule)).toMatchObject({ lostTopic: '/cam', lossCount: 3, lossWindow: 20 });
    expect(JSON.parse(alarm!.values)).toMatchObject({ windowSeconds: 20 });
    expect(await noticesOf(robot.id)).toBe(1);
    // Acknowledging it reads the acknowledger's notice of it, and only theirs.
    expect((await api.post('/device/alarm-record/acknowledge', { ids: [alarm!.id] }, { token: rd })).status).toBe(200);
    const unread = await api.get('/device/alarm-notice/query', { token: rd, query: { alarmId: String(alarm!.id), status: 'unread' } });
    expect(unread.body.data.total).toBe(0);
    await ticks(10, robot, [joints]);
    expect(await alarmsOf(robot.id)).toHaveLength(1);
    expect(await noticesOf(robot.id)).toBe(1);

    // Back: resolved on the third clear check in a row, with its end and duration.
    await ticks(2, robot, [camera(30), joints]);
    expect((await alarmsOf(robot.id))[0]!.state).toBe('firing');
    await tick(robot, [camera(30), joints]);
    const [resolved] = await alarmsOf(robot.id);
    expect(resolved).toMatchObject({ state: 'resolved', endTime: t.clock().toISOString() });
    expect(resolved!.duration).toBe((Date.parse(resolved!.endTime!) - Date.parse(resolved!.alarmTime)) / 1000);
    expect(resolved!.duration).toBeGreaterThan(0);
  });

  it('keeps a second firing within the cooldown, without telling anyone again', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-COOL');
    await rule({ lostTopic: '/cam', lossWindow: 10, lossCount: 1, cooldown: 120, appliesTo: 'robots', robotSns: [robot.sn] });
    await tick(robot, [camera(30)]);
    const bounce = async () => {
      await ticks(3, robot, [joints]);
      await ticks(1, robot, [camera(30)]);
    };
    await bounce();
    await bounce();
    const alarms = await alarmsOf(robot.id);
    expect(alarms).toHaveLength(2);
    expect(alarms.every((alarm) => alarm.state === 'resolved')).toBe(true);
    expect(await noticesOf(robot.id)).toBe(1);
    t.clock.advance(120_000);
    await bounce();
    expect(await alarmsOf(robot.id)).toHaveLength(3);
    expect(await noticesOf(robot.id)).toBe(2);
  });
});

describe('a frame rate', () => {
  it('fires below the threshold less its tolerance, and a rate wavering around the threshold does not flap', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-RATE');
    await rule({ lostTopic: '/cam', frameRate: 25, appliesTo: 'robots', robotSns: [robot.sn] });
    // 24 and 23 Hz are below 25 but within the 10 % tolerance: nothing fires.
    for (const hz of [30, 24, 26, 23, 25.5, 24, 23]) await tick(robot, [camera(hz)]);
    expect(await alarmsOf(robot.id)).toEqual([]);
    await tick(robot, [camera(20)]);
    expect(await alarmsOf(robot.id)).toMatchObject([{ kind: 'slow', state: 'firing' }]);
    // Back in the band: still firing; only at the threshold is it clear.
    await ticks(3, robot, [camera(24)]);
    expect((await alarmsOf(robot.id))[0]!.state).toBe('firing');
    await tick(robot, [camera(25)]);
    expect((await alarmsOf(robot.id))[0]!.state).toBe('resolved');
  });

  it('needs the count of slow checks within the window, and one clear check between slow ones resolves nothing', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-NOISE');
    await rule({ lostTopic: '/cam', frameRate: 25, lossCount: 3, lossWindow: 20, appliesTo: 'robots', robotSns: [robot.sn] });
    await tick(robot, [camera(30)]);
    for (const hz of [10, 30, 10]) await tick(robot, [camera(hz)]);
    expect(await alarmsOf(robot.id)).toEqual([]);
    // A noisy topic: slow and fine by turns, for a minute: one alarm, firing throughout.
    for (let i = 0; i < 12; i++) await tick(robot, [camera(i % 2 ? 30 : 10)]);
    expect(await alarmsOf(robot.id)).toMatchObject([{ state: 'firing' }]);
    await ticks(3, robot, [camera(30)]);
    expect(await alarmsOf(robot.id)).toMatchObject([{ state: 'resolved' }]);
  });
});

describe('a silent robot', () => {
  it('raises one offline alarm, holds its topic alarms (neither raised nor resolved), and resolves on its return', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-SILENT');
    await rule({ lostTopic: '/cam', lossWindow: 10, appliesTo: 'robots', robotSns: [robot.sn], frameRate: 25 });
    await rule({ lostTopic: '/joints', lossWindow: 10, lossCount: 1, appliesTo: 'robots', robotSns: [robot.sn] });
    await tick(robot, [camera(30), joints]);
    await ticks(3, robot, [joints]);
    expect(await alarmsOf(robot.id)).toMatchObject([{ topic: '/cam', state: 'firing' }]);
    // Silent for a minute: one alarm more, the robot's; /joints (silent too) raises none, /cam stays firing.
    await ticks(12, robot, null);
    const during = await alarmsOf(robot.id);
    expect(during.map((alarm) => [alarm.kind, alarm.state])).toEqual([
      ['missing', 'firing'],
      ['offline', 'firing'],
    ]);
    expect((await api.get('/device/robot/get', { token: rd, query: { id: String(robot.id) } })).body.data.status).toBe('offline');
    expect(await noticesOf(robot.id)).toBe(2);
    // Back with every topic: online, the robot's alarm resolved, /cam's once clear.
    await tick(robot, [camera(30), joints]);
    const after = await alarmsOf(robot.id);
    expect(after.map((alarm) => [alarm.kind, alarm.state])).toEqual([
      ['missing', 'resolved'],
      ['offline', 'resolved'],
    ]);
  });
});

describe('a robot coming online', () => {
  it('has a window to send a topic before it counts as missing, after its first heartbeat and after a silence alike', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-BACK');
    await rule({ lostTopic: '/cam', lossWindow: 10, lossCount: 1, appliesTo: 'robots', robotSns: [robot.sn] });
    const quiet = [{ name: '/cam', messages: 0 }, joints];
    // Its first heartbeat, moments after it started: the camera is stated at its rate, with no message yet.
    await tick(robot, [{ name: '/cam', messages: 0, rate: 30 }, joints]);
    await tick(robot, [camera(30), joints]);
    expect(await alarmsOf(robot.id)).toEqual([]);

    // Away long enough to go offline; back with its camera a minute silent and not yet sending.
    t.clock.advance(60_000);
    await evaluate(t.records, t.clock());
    await ticks(3, robot, quiet);
    expect((await alarmsOf(robot.id)).map((alarm) => [alarm.kind, alarm.state])).toEqual([['offline', 'resolved']]);
    // Still silent past a window after it came back: now it is missing.
    await tick(robot, quiet);
    expect((await alarmsOf(robot.id)).map((alarm) => [alarm.kind, alarm.state])).toEqual([
      ['offline', 'resolved'],
      ['missing', 'firing'],
    ]);
  });
});

describe('which robots a rule watches', () => {
  it('all of the space’s, one type, or the listed ones', async () => {
    const arm = await robotWithKey(api, rd, 'ALM-TYPE-ARM', 'franka-fr3');
    const humanoid = await robotWithKey(api, rd, 'ALM-TYPE-G1', 'unitree-g1');
    await rule({ lostTopic: '/imu', frameRate: 100, lossWindow: 10, appliesTo: 'robotType', robotType: 'unitree-g1' });
    for (let i = 0; i < 4; i++) {
      await beat(api, arm, { topics: [joints] });
      await tick(humanoid, [joints]);
    }
    expect(await alarmsOf(arm.id)).toEqual([]);
    expect(await alarmsOf(humanoid.id)).toMatchObject([{ topic: '/imu', kind: 'missing' }]);
  });
});

describe('two looks at once (two server processes)', () => {
  it('raise each alarm once', async () => {
    const robot = await robotWithKey(api, rd, 'ALM-TWICE');
    await rule({ lostTopic: '/cam', lossWindow: 10, appliesTo: 'robots', robotSns: [robot.sn], frameRate: 5 });
    await tick(robot, [camera(30)]);
    t.clock.advance(15_000);
    await beat(api, robot, { topics: [joints] });
    await Promise.all([evaluate(t.records, t.clock()), evaluate(t.records, t.clock())]);
    expect(await alarmsOf(robot.id)).toHaveLength(1);
  });
});

describe('a webhook', () => {
  it('receives each firing and resolution, signed with the rule’s secret; a refusal is retried', async () => {
    const received: { body: string; signature: string; event: string }[] = [];
    let status = 500;
    const server = createServer((request, reply) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ body, signature: String(request.headers['x-edp-signature']), event: String(request.headers['x-edp-event']) });
        reply.writeHead(status).end();
      });
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const robot = await robotWithKey(api, rd, 'ALM-HOOK');
      await rule({ lostTopic: '/cam', lossWindow: 10, appliesTo: 'robots', robotSns: [robot.sn], frameRate: 5, webhookUrl: url, webhookSecret: 's3cret' });
      await tick(robot, [camera(30)]);
      await ticks(3, robot, [joints]);
      const { rows } = await sql<{ payload: unknown }>`select payload from jobs where name = ${WEBHOOK_JOB} order by id`.execute(t.database.db);
      expect(rows).toHaveLength(1);
      const send = t.jobs().handlers[WEBHOOK_JOB]!;
      const payload = typeof rows[0]!.payload === 'string' ? JSON.parse(rows[0]!.payload) : rows[0]!.payload;
      await expect(send(payload, {} as never)).rejects.toThrow(/500/);
      status = 204;
      await send(payload, {} as never);
      const last = received.at(-1)!;
      expect(last.event).toBe('fired');
      expect(last.signature).toBe(`sha256=${createHmac('sha256', 's3cret').update(last.body).digest('hex')}`);
      expect(JSON.parse(last.body)).toMatchObject({ event: 'fired', alarm: { kind: 'missing', topic: '/cam' }, robot: { sn: robot.sn } });
    } finally {
      server.close();
    }
  });
});
