import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import { beat, robotWithKey } from './robot-helpers';

/** Spec §4 config delivery: a new version is not delivered until the robot runs it; a restart is needed to deliver some. */
const { t, api } = useTestApp();
let rd: string;
beforeAll(async () => {
  rd = await api.token('demo', 'rd');
});
const config = async (id: number) => (await api.get('/device/robot-config/get', { token: rd, query: { id: String(id) } })).body.data;
const give = async (robotId: number, name: string, content: object) => {
  const reply = await api.post('/device/robot-config/create', { robotId, name, content: JSON.stringify(content) }, { token: rd });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as { id: number; version: number; status: string; updatedTime: string };
};

describe('a configuration version', () => {
  it('goes from not delivered, with the next heartbeat, through restart needed, to delivered once the robot runs it', async () => {
    const robot = await robotWithKey(api, rd, 'CFG-0001');
    const made = await give(robot.id, 'teleop-params', { scale: 1.0 });
    expect(made).toMatchObject({ version: 1, status: 'undelivered' });
    const first = await beat(api, robot);
    expect(first.body.data.configs).toEqual([{ name: 'teleop-params', version: 1, content: { scale: 1.0 } }]);
    expect((await config(made.id)).status).toBe('sent');
    // Sent until answered: the next heartbeat carries it again.
    expect((await beat(api, robot)).body.data.configs).toHaveLength(1);
    const answered = await beat(api, robot, {
      configs: [{ name: 'teleop-params', answer: { version: 1, result: 'restartNeeded', message: 'takes effect after reboot' } }],
    });
    expect(answered.body.data.configs).toEqual([]);
    expect(await config(made.id)).toMatchObject({ status: 'restartNeeded', message: 'takes effect after reboot', answeredTime: t.clock().toISOString() });
    t.clock.advance(60_000);
    await beat(api, robot, { configs: [{ name: 'teleop-params', runningVersion: 1 }] });
    expect((await config(made.id)).status).toBe('delivered');
    const { rows } = await sql<{ status: string }>`select status from config_deliveries where config_id = ${made.id} order by id`.execute(t.database.db);
    expect(rows.map((row) => row.status)).toEqual(['undelivered', 'sent', 'restartNeeded', 'delivered']);
  });

  it('is a new version, not delivered, once its content changes; the same content changes nothing', async () => {
    const robot = await robotWithKey(api, rd, 'CFG-0002');
    const made = await give(robot.id, 'recorder', { split_seconds: 600 });
    await beat(api, robot, { configs: [{ name: 'recorder', answer: { version: 1, result: 'applied' } }] });
    await beat(api, robot);
    await beat(api, robot, { configs: [{ name: 'recorder', answer: { version: 1, result: 'applied' } }] });
    let current = await config(made.id);
    expect(current.status).toBe('delivered');
    const same = await api.post('/device/robot-config/update', { id: made.id, updatedTime: current.updatedTime, description: 'noted' }, { token: rd });
    expect(same.body.data).toMatchObject({ version: 1, status: 'delivered' });
    current = same.body.data;
    const changed = await api.post(
      '/device/robot-config/update',
      { id: made.id, updatedTime: current.updatedTime, content: JSON.stringify({ split_seconds: 300 }) },
      { token: rd },
    );
    expect(changed.body.data).toMatchObject({ version: 2, status: 'undelivered', message: '' });
    expect((await beat(api, robot)).body.data.configs).toEqual([{ name: 'recorder', version: 2, content: { split_seconds: 300 } }]);
    // An answer about the old version is old news.
    await beat(api, robot, { configs: [{ name: 'recorder', runningVersion: 1, answer: { version: 1, result: 'applied' } }] });
    expect((await config(made.id)).status).toBe('sent');
  });

  it('rejected by the robot keeps its reason, and is sent again only when someone asks', async () => {
    const robot = await robotWithKey(api, rd, 'CFG-0003');
    const made = await give(robot.id, 'joint-limits', { max_velocity_rad_s: 9 });
    await beat(api, robot);
    await beat(api, robot, { configs: [{ name: 'joint-limits', answer: { version: 1, result: 'rejected', message: 'above the arm’s limit' } }] });
    expect(await config(made.id)).toMatchObject({ status: 'rejected', message: 'above the arm’s limit' });
    expect((await beat(api, robot)).body.data.configs).toEqual([]);
    expect((await api.post('/device/robot-config/redeliver', { ids: [made.id] }, { token: rd })).status).toBe(200);
    expect((await beat(api, robot)).body.data.configs).toHaveLength(1);
  });

  it('is never marked delivered by a person', async () => {
    const robot = await robotWithKey(api, rd, 'CFG-0004');
    const made = await give(robot.id, 'camera', { fx: 600 });
    const tried = await api.post('/device/robot-config/update', { id: made.id, updatedTime: made.updatedTime, status: 'delivered', version: 7 }, { token: rd });
    expect((await config(made.id)).status).toBe('undelivered');
    expect((await config(made.id)).version).toBe(1);
    expect([200, 400]).toContain(tried.status);
  });

  it('must be a JSON object', async () => {
    const robot = await robotWithKey(api, rd, 'CFG-0005');
    for (const content of ['[1, 2]', '42', '{ broken'])
      expect((await api.post('/device/robot-config/create', { robotId: robot.id, name: 'x', content }, { token: rd })).status, content).toBe(400);
  });
});
