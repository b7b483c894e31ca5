import { describe, expect, it } from 'vitest';
import { parseCommand, parseOptions } from '../../../../cli/robot/commands';
import { DEMO_ROBOT } from '../../../../model/schemas/robot-report';

describe("the running robot's commands", () => {
  it('reads each command with its words', () => {
    expect(parseCommand('drop /joint_states')).toEqual({ name: 'drop', topic: '/joint_states' });
    expect(parseCommand('  slow   /camera/front/image_raw 12.5 ')).toEqual({ name: 'slow', topic: '/camera/front/image_raw', hz: 12.5 });
    expect(parseCommand('slow /gripper/state 0')).toEqual({ name: 'slow', topic: '/gripper/state', hz: 0 });
    expect(parseCommand('resume /joint_states')).toEqual({ name: 'resume', topic: '/joint_states' });
    expect(parseCommand('config restartNeeded')).toEqual({ name: 'config', result: 'restartNeeded' });
    for (const bare of ['silent', 'back', 'restart', 'status', 'help', 'quit']) expect(parseCommand(bare)).toEqual({ name: bare });
    expect(parseCommand('QUIT')).toEqual({ name: 'quit' });
    expect(parseCommand('   ')).toEqual({ name: 'nothing' });
  });

  it('says what is wrong with a command it cannot carry out as typed', () => {
    expect(parseCommand('jump')).toEqual({ name: 'unknown', problem: 'no command jump' });
    expect(parseCommand('drop')).toMatchObject({ name: 'unknown', problem: expect.stringContaining('drop TOPIC') });
    expect(parseCommand('drop /a /b')).toMatchObject({ name: 'unknown' });
    expect(parseCommand('slow /joint_states fast')).toMatchObject({ name: 'unknown', problem: expect.stringContaining('slow TOPIC HZ') });
    expect(parseCommand('slow /joint_states -5')).toMatchObject({ name: 'unknown' });
    expect(parseCommand('config maybe')).toMatchObject({ name: 'unknown', problem: expect.stringContaining('applied, restartNeeded, rejected, failed') });
    expect(parseCommand('silent now')).toMatchObject({ name: 'unknown', problem: expect.stringContaining('silent takes nothing') });
  });
});

describe("the robot's command line", () => {
  it("runs as the demo space's simulated robot against the local console when told nothing", () => {
    expect(parseOptions([], {})).toEqual({
      options: { server: 'http://localhost:8080', key: `${DEMO_ROBOT.keyId}.${DEMO_ROBOT.secret}`, sn: DEMO_ROBOT.sn, config: 'applied', drop: [], slow: [] },
    });
  });

  it('takes the server and key from the environment, the flags before them', () => {
    const env = { EDP_SERVER: 'http://edp.local:8080', EDP_ROBOT_KEY: 'EDPRKENV.env-secret' };
    expect(parseOptions(['--sn', 'UR5E-7'], env)).toMatchObject({ options: { server: 'http://edp.local:8080', key: 'EDPRKENV.env-secret', sn: 'UR5E-7' } });
    expect(parseOptions(['--sn', 'UR5E-7', '--server', 'http://other:9090', '--key', 'EDPRKFLAG.flag-secret'], env)).toMatchObject({
      options: { server: 'http://other:9090', key: 'EDPRKFLAG.flag-secret' },
    });
  });

  it('starts a script with topics dropped or slowed, a configuration answer and a silence to come', () => {
    const argv = [
      '--drop',
      '/joint_states',
      '--drop',
      '/gripper/state',
      '--slow',
      '/camera/front/image_raw=7.5',
      '--config',
      'rejected',
      '--silent-after',
      '20',
    ];
    expect(parseOptions(argv, {})).toMatchObject({
      options: { drop: ['/joint_states', '/gripper/state'], slow: [{ topic: '/camera/front/image_raw', hz: 7.5 }], config: 'rejected', silentAfterSeconds: 20 },
    });
  });

  it('refuses what it cannot run with, and asks for help when told to', () => {
    expect(parseOptions(['--help'], {})).toEqual({ help: true });
    expect(parseOptions(['--key', 'EDPRK.secret'], {})).toMatchObject({ error: expect.stringContaining('--sn is required') });
    expect(parseOptions(['--key', 'no-secret', '--sn', 'X'], {})).toMatchObject({ error: expect.stringContaining('ID.SECRET') });
    expect(parseOptions(['--config', 'sometimes'], {})).toMatchObject({ error: expect.stringContaining('--config') });
    expect(parseOptions(['--slow', '/joint_states'], {})).toMatchObject({ error: expect.stringContaining('TOPIC=HZ') });
    expect(parseOptions(['--silent-after', 'soon'], {})).toMatchObject({ error: expect.stringContaining('seconds') });
    expect(parseOptions(['--server', 'edp.local:8080'], {})).toMatchObject({ error: expect.stringContaining('http(s) address') });
    expect(parseOptions([], { EDP_SERVER: 'nowhere' })).toMatchObject({ error: expect.stringContaining('nowhere') });
    expect(parseOptions(['--fly'], {})).toMatchObject({ error: expect.stringContaining('--fly') });
    expect(parseOptions(['stray'], {})).toMatchObject({ error: expect.stringContaining('stray') });
  });
});
