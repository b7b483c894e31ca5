import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeartbeatRefused } from '../../../../cli/robot/heartbeat-api';
import { SimulatedRobot, type BeatRecord, type SimulatedRobotOptions } from '../../../../cli/robot/simulated-robot';
import { fakeReportServer } from './fake-report-server';

const BOOT = Date.parse('2025-03-01T08:00:00.000Z');
const KEY = 'EDPRKTEST.secret-of-the-test';
const TOPICS = [
  { name: '/camera/front/image_raw', hz: 30 },
  { name: '/joint_states', hz: 500 },
];

let server: Awaited<ReturnType<typeof fakeReportServer>>;
let clock: number;
const robots: SimulatedRobot[] = [];

beforeEach(async () => {
  server = await fakeReportServer();
  clock = BOOT;
});

afterEach(async () => {
  await Promise.all(robots.splice(0).map((robot) => robot.stop()));
  await server.close();
});

/** A robot on the test's clock, counting exactly unless told to waver. */
function robot(options: Partial<SimulatedRobotOptions> = {}) {
  const made = new SimulatedRobot({ server: server.url, key: KEY, sn: 'SIM-TEST-1', topics: TOPICS, now: () => clock, jitter: 0, ...options });
  robots.push(made);
  return made;
}

const seconds = (count: number) => {
  clock += count * 1000;
};
const at = (secondsAfterBoot: number) => new Date(BOOT + secondsAfterBoot * 1000).toISOString();
const lastBody = () => server.bodies().at(-1)!;
const topic = (name: string) => lastBody().topics.find((candidate) => candidate.name === name)!;

describe('a simulated robot counting its topics', () => {
  it("sends, with its key, each topic's messages at its rate over the time its clock says passed", async () => {
    const arm = robot({ softwareVersion: '2.4.1', hardwareVersion: 'UR5e-r3' });
    seconds(5);
    const answer = await arm.beat();
    expect(answer).toMatchObject({ robotId: 7, heartbeatIntervalSeconds: 5, configs: [] });
    expect(server.received[0]).toMatchObject({ path: '/api/v1/device/report/heartbeat', authorization: `Bearer ${KEY}` });
    expect(lastBody()).toEqual({
      sn: 'SIM-TEST-1',
      softwareVersion: '2.4.1',
      hardwareVersion: 'UR5e-r3',
      uptimeSeconds: 5,
      topics: [
        { name: '/camera/front/image_raw', messages: 150, rate: 30, lastMessageTime: at(5) },
        { name: '/joint_states', messages: 2500, rate: 500, lastMessageTime: at(5) },
      ],
      configs: [],
    });
    seconds(2.5);
    await arm.beat();
    expect(lastBody()).toMatchObject({
      uptimeSeconds: 7,
      topics: [
        { messages: 75, rate: 30 },
        { messages: 1250, rate: 500 },
      ],
    });
  });

  it('publishes a UR5e-like set of topics when given none', async () => {
    const arm = robot({ topics: undefined });
    seconds(1);
    await arm.beat();
    expect(lastBody().topics.map(({ name, messages }) => [name, messages])).toEqual([
      ['/camera/front/image_raw', 30],
      ['/camera/wrist_left/image_raw', 30],
      ['/joint_states', 500],
      ['/gripper/state', 100],
      ['/teleop/leader/joint_cmd', 100],
    ]);
  });

  it('wavers its counts by at most 2%, the same way for the same robot on every run', async () => {
    const counts = async (sn: string) => {
      const arm = robot({ sn, jitter: undefined });
      const seen: number[] = [];
      for (let beat = 0; beat < 5; beat++) {
        seconds(10);
        await arm.beat();
        seen.push(...lastBody().topics.map((sent) => sent.messages ?? NaN));
      }
      return seen;
    };
    const first = await counts('SIM-A');
    expect(await counts('SIM-A')).toEqual(first);
    expect(await counts('SIM-B')).not.toEqual(first);
    const exact = [300, 5000];
    first.forEach((count, index) => expect(Math.abs(count - exact[index % 2]!)).toBeLessThanOrEqual(exact[index % 2]! * 0.02));
    expect(first.filter((count, index) => count !== exact[index % 2])).not.toHaveLength(0);
  });

  it('drops a topic: no messages, a rate of 0 and the last message time frozen, and never any jitter; resume brings it back', async () => {
    const arm = robot({ jitter: undefined });
    seconds(5);
    await arm.beat();
    arm.drop('/joint_states');
    for (const passed of [5, 30]) {
      seconds(passed);
      await arm.beat();
      expect(topic('/joint_states')).toEqual({ name: '/joint_states', messages: 0, rate: 0, lastMessageTime: at(5) });
      expect(topic('/camera/front/image_raw').messages).toBeGreaterThan(0);
    }
    arm.resume('/joint_states');
    seconds(5);
    await arm.beat();
    expect(topic('/joint_states').messages).toBeGreaterThan(2400);
    expect(topic('/joint_states').lastMessageTime).toBe(at(45));
  });

  it('counts a rate changed halfway through an interval by what it published before and after', async () => {
    const arm = robot();
    seconds(2);
    arm.slow('/joint_states', 100);
    seconds(3);
    await arm.beat();
    expect(topic('/joint_states')).toMatchObject({ messages: 2 * 500 + 3 * 100, rate: 260 });
    seconds(5);
    await arm.beat();
    expect(topic('/joint_states')).toMatchObject({ messages: 500, rate: 100 });
    seconds(1);
    arm.drop('/joint_states');
    seconds(4);
    await arm.beat();
    expect(topic('/joint_states')).toMatchObject({ messages: 100, rate: 20, lastMessageTime: at(11) });
    arm.resume('/joint_states');
    seconds(5);
    await arm.beat();
    expect(topic('/joint_states')).toMatchObject({ messages: 2500, rate: 500 });
    expect(() => arm.slow('/nowhere', 5)).toThrow(/no topic \/nowhere/);
    expect(() => arm.slow('/joint_states', -1)).toThrow(/0 or more/);
  });

  it('sends nothing while silent, and once back reports everything published during the silence', async () => {
    const arm = robot();
    seconds(5);
    await arm.beat();
    arm.silent();
    seconds(5);
    expect(await arm.beat()).toBeNull();
    expect(server.received).toHaveLength(1);
    seconds(5);
    arm.back();
    await arm.beat();
    expect(server.received).toHaveLength(2);
    expect(lastBody()).toMatchObject({ uptimeSeconds: 15, topics: [{ messages: 300, rate: 30 }, { messages: 5000 }] });
  });
});

describe('a simulated robot beating on its own', () => {
  it('beats every interval until stopped, and not while silent', async () => {
    const records: BeatRecord[] = [];
    const arm = robot({ now: undefined, intervalSeconds: 0.02 });
    arm.start((record) => records.push(record));
    await vi.waitFor(() => expect(server.received.length).toBeGreaterThanOrEqual(3));
    arm.silent();
    await new Promise((done) => setTimeout(done, 60)); // a heartbeat under way when silenced may still land
    const whileSilent = server.received.length;
    await new Promise((done) => setTimeout(done, 100));
    expect(server.received).toHaveLength(whileSilent);
    arm.back();
    await vi.waitFor(() => expect(server.received.length).toBeGreaterThan(whileSilent + 1));
    await arm.stop();
    const stopped = server.received.length;
    await new Promise((done) => setTimeout(done, 100));
    expect(server.received).toHaveLength(stopped);
    expect(records).toHaveLength(stopped);
    expect(records.every((record) => record.answer && !record.error)).toBe(true);
  });

  it('takes the interval the server asks for, unless it was given one', async () => {
    server.intervalSeconds = 7;
    const asked = robot();
    expect(asked.state().intervalSeconds).toBe(5);
    await asked.beat();
    expect(asked.state().intervalSeconds).toBe(7);
    const told = robot({ intervalSeconds: 1 });
    await told.beat();
    expect(told.state().intervalSeconds).toBe(1);
  });

  it("throws the server's refusal with its status and English message, keeping the Chinese one", async () => {
    server.refusal = { status: 401, message: { zh_CN: '密钥无效', en_US: 'The key is not valid' } };
    const refused = await robot()
      .beat()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HeartbeatRefused);
    expect(refused).toMatchObject({ status: 401, message: 'The key is not valid', zhCN: '密钥无效' });
  });

  it('keeps beating through refusals and a server that is down, and reports again once it is back', async () => {
    const records: BeatRecord[] = [];
    const arm = robot({ now: undefined, intervalSeconds: 0.02 });
    server.refusal = { status: 503, message: { zh_CN: '服务不可用', en_US: 'Service unavailable' } };
    arm.start((record) => records.push(record));
    await vi.waitFor(() => expect(records.filter((record) => record.error instanceof HeartbeatRefused).length).toBeGreaterThanOrEqual(2));
    const port = Number(new URL(server.url).port);
    await server.close();
    const refusedSoFar = records.length;
    await vi.waitFor(() => expect(records.slice(refusedSoFar).filter((record) => record.error instanceof TypeError).length).toBeGreaterThanOrEqual(2));
    server.refusal = null;
    await server.listen(port);
    await vi.waitFor(() => expect(records.at(-1)?.answer).toMatchObject({ robotId: 7 }));
  });
});

describe("a simulated robot's configurations", () => {
  const offer = (version: number) => ({ name: 'arm_limits', version, content: { maxJointSpeed: 1.2 + version / 10 } });
  const configs = () => lastBody().configs;

  it('runs an applied version at once, tells the server once, and keeps sending the version it runs', async () => {
    const arm = robot();
    server.offers = [offer(3)];
    const answer = await arm.beat();
    expect(answer?.configs).toEqual([offer(3)]);
    expect(arm.state().configs).toEqual([{ name: 'arm_limits', runningVersion: 3, answer: { version: 3, result: 'applied' }, heard: false }]);
    await arm.beat();
    expect(configs()).toEqual([{ name: 'arm_limits', runningVersion: 3, answer: { version: 3, result: 'applied' } }]);
    expect(server.offers).toEqual([]);
    await arm.beat();
    await arm.beat();
    expect(configs()).toEqual([{ name: 'arm_limits', runningVersion: 3 }]);
  });

  it('keeps a version that needs a restart waiting, and runs it from the restart on, uptime counting from 0 again', async () => {
    const arm = robot({ configAnswer: 'applied' });
    server.offers = [offer(3)];
    await arm.beat();
    arm.answerConfigsWith('restartNeeded');
    server.offers = [offer(4)];
    seconds(60);
    await arm.beat();
    seconds(5);
    await arm.beat();
    expect(configs()).toEqual([
      { name: 'arm_limits', runningVersion: 3, answer: { version: 4, result: 'restartNeeded', message: expect.stringMatching(/restart/) } },
    ]);
    expect(lastBody().uptimeSeconds).toBe(65);
    expect(arm.restart()).toEqual(['arm_limits']);
    seconds(2);
    await arm.beat();
    expect(lastBody().uptimeSeconds).toBe(2);
    expect(configs()).toEqual([{ name: 'arm_limits', runningVersion: 4 }]);
    expect(arm.restart()).toEqual([]);
  });

  it.each(['rejected', 'failed'] as const)('does not run a version it %s, and says why once', async (result) => {
    const arm = robot({ configAnswer: result });
    server.offers = [offer(2)];
    await arm.beat();
    await arm.beat();
    expect(configs()).toEqual([
      { name: 'arm_limits', answer: { version: 2, result, message: expect.stringContaining(result === 'rejected' ? 'refuse' : 'fail') } },
    ]);
    await arm.beat();
    expect(configs()).toEqual([]);
    expect(arm.state().configs).toEqual([expect.objectContaining({ name: 'arm_limits', heard: true })]);
    expect(arm.state().configs[0]).not.toHaveProperty('runningVersion');
  });

  it('sends an answer again until a heartbeat carrying it is answered, and decides each version once however often it is offered', async () => {
    const arm = robot();
    server.keepOffering = true;
    server.offers = [offer(5)];
    await arm.beat();
    server.refusal = { status: 503, message: { zh_CN: '服务不可用', en_US: 'Service unavailable' } };
    await expect(arm.beat()).rejects.toThrow('Service unavailable');
    server.refusal = null;
    await arm.beat();
    const answers = server.bodies().map((body) => body.configs[0]?.answer?.version);
    expect(answers).toEqual([undefined, 5, 5]);
    arm.answerConfigsWith('rejected');
    await arm.beat();
    await arm.beat();
    expect(configs()).toEqual([{ name: 'arm_limits', runningVersion: 5 }]);
    expect(arm.state().configs[0]?.answer).toEqual({ version: 5, result: 'applied' });
  });
});
