import { expect, it } from 'vitest';
import { SimulatedRobot } from '../../../cli/robot/simulated-robot';
import { DEMO_ROBOT } from '../../../model/schemas/robot-report';
import { httpClient } from '../helpers/http-client';
import { useServerSchema } from '../helpers/server-schema';
import { startServer } from '../helpers/server-process';

const { databaseUrl, running } = useServerSchema();

/**
 * Two server processes on one PostgreSQL, each with its alarm engine: the simulated robot reports to
 * one, drops a topic, and the alarm is raised once and told once, however many looks both take.
 */
it('evaluates each rule once across processes: one alarm, one notice per receiver', async () => {
  const env = { DATABASE_URL: databaseUrl, EDP_DEMO: '1', EDP_SEED_PASSWORD: 'Shared-Pass-1' };
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  running.push(a, b);
  const client = httpClient(b.base);
  const token = (await client.signInWith(await client.nonce(), 'demo', 'rd', 'Shared-Pass-1')).body.data.sessionKey as string;
  const simulated = async () =>
    (await client.call('GET', `/device/robot/query?sn=${DEMO_ROBOT.sn}`, { token })).body.data.records[0] as { id: number; status: string };
  const robotId = (await simulated()).id;
  // The robot's own alarms on the topic (the demo's history has others, on other robots).
  const alarms = async () =>
    (await client.call('GET', `/device/alarm-record/query?robotId=${robotId}&topic=${encodeURIComponent('/camera/front/image_raw')}`, { token })).body.data
      .records as { id: number; state: string }[];

  const robot = new SimulatedRobot({
    server: a.base.replace(/\/api\/v1$/, ''),
    key: `${DEMO_ROBOT.keyId}.${DEMO_ROBOT.secret}`,
    sn: DEMO_ROBOT.sn,
    intervalSeconds: 1,
  });
  robot.start();
  try {
    await expect.poll(async () => (await simulated()).status, { timeout: 20_000 }).toBe('online');
    expect(await alarms()).toEqual([]);
    robot.drop('/camera/front/image_raw');
    await expect.poll(alarms, { timeout: 40_000, interval: 500 }).toHaveLength(1);
    // A few more looks by both processes: still the one alarm, told once to each receiver.
    await new Promise((wait) => setTimeout(wait, 12_000));
    expect(await alarms()).toHaveLength(1);
    const notices = await client.call('GET', `/device/alarm-notice/query?alarmId=${(await alarms())[0]!.id}`, { token });
    expect(notices.body.data.total).toBe(1);
  } finally {
    await robot.stop();
  }
}, 150_000);
