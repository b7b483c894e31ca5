import { describe, expect, it } from 'vitest';
import { HeartbeatRefused } from '../../../../cli/robot/heartbeat-api';
import { describeBeat, describeError } from '../../../../cli/robot/lines';

const sent = {
  sn: 'SIM-1',
  uptimeSeconds: 42,
  topics: [
    { name: '/joint_states', messages: 0, rate: 0 },
    { name: '/gripper/state', messages: 500, rate: 100 },
  ],
  configs: [{ name: 'arm_limits', runningVersion: 3, answer: { version: 4, result: 'rejected' as const } }],
};
const at = new Date(2025, 2, 1, 9, 30, 5);

describe("the robot's printed lines", () => {
  it('prints a refusal in both languages with its status, and an unreachable server by the cause fetch hides', () => {
    expect(describeError(new HeartbeatRefused(401, 'The key is not valid', '密钥无效'))).toBe('refused 401: The key is not valid / 密钥无效');
    const down = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' }) });
    expect(describeError(down)).toBe('server unreachable (fetch failed: ECONNREFUSED); trying again next heartbeat');
  });

  it('names no topic as silent in the heartbeat at boot, which has counted nothing yet', () => {
    const atBoot = { sn: 'SIM-1', uptimeSeconds: 0, topics: [{ name: '/joint_states', messages: 0, rate: 500 }], configs: [] };
    expect(describeBeat({ at, sent: atBoot, taken: [] })).toBe('09:30:05 sent 1 topic, up 0 s');
  });

  it('prints one line per heartbeat: when, the topics sent, the answers told and the configurations received', () => {
    const taken = [{ name: 'gripper_pid', version: 2, result: 'applied' as const }];
    expect(describeBeat({ at, sent, taken, answer: { robotId: 1, heartbeatIntervalSeconds: 5, serverTime: '', configs: [], ota: [] } })).toBe(
      '09:30:05 sent 2 topics (nothing on /joint_states), up 42 s; answered arm_limits v4 rejected; received gripper_pid v2 -> applied',
    );
    expect(describeBeat({ at, sent, taken: [], error: new HeartbeatRefused(503, 'Service unavailable') })).toBe(
      '09:30:05 sent 2 topics (nothing on /joint_states), up 42 s; answered arm_limits v4 rejected - refused 503: Service unavailable',
    );
  });
});
