import { describe, expect, it } from 'vitest';
import { leRobotMapping } from '../../../../model/schemas/lerobot-mapping';

const GOOD = {
  fps: 30,
  state: { topic: '/joint_states', field: 'position', names: ['shoulder', 'elbow'] },
  action: { topic: '/joint_commands', field: 'command.position' },
  cameras: [
    { name: 'front', topic: '/camera/front/compressed' },
    { name: 'wrist_left', topic: '/camera/wrist/compressed' },
  ],
  task: 'Pick up the cube',
};

/** The messages a mapping is refused with, by path. */
function problems(mapping: unknown): Record<string, string> {
  const parsed = leRobotMapping.safeParse(mapping);
  expect(parsed.success).toBe(false);
  return Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the LeRobot mapping schema', () => {
  it('takes a full mapping, and one with only fps and state', () => {
    expect(leRobotMapping.parse(GOOD)).toEqual(GOOD);
    expect(leRobotMapping.parse({ fps: 10, state: { topic: '/arm', field: 'joints.0.angle' } })).toEqual({
      fps: 10,
      state: { topic: '/arm', field: 'joints.0.angle' },
    });
  });

  it('trims the texts a person typed', () => {
    expect(leRobotMapping.parse({ fps: 30, state: { topic: ' /joint_states ', field: ' position ' }, task: ' Wave ' })).toMatchObject({
      state: { topic: '/joint_states', field: 'position' },
      task: 'Wave',
    });
  });

  it('says what is wrong with the frame rate', () => {
    expect(problems({ ...GOOD, fps: 0 })).toEqual({ fps: 'The frame rate (fps) must be at least 1.' });
    expect(problems({ ...GOOD, fps: 1001 })).toEqual({ fps: 'The frame rate (fps) must be at most 1000.' });
    expect(problems({ ...GOOD, fps: 29.97 })).toEqual({ fps: 'The frame rate (fps) must be a whole number.' });
    expect(problems({ ...GOOD, fps: '30' })).toEqual({ fps: 'The frame rate (fps) must be a number.' });
  });

  it('says what is wrong with a topic, a field or the names', () => {
    expect(problems({ ...GOOD, state: { topic: '', field: 'position' } })).toEqual({ 'state.topic': 'The topic must not be empty.' });
    expect(problems({ ...GOOD, state: { topic: '/joint states', field: 'position' } })).toEqual({ 'state.topic': 'The topic must not contain spaces.' });
    expect(problems({ ...GOOD, action: { topic: '/cmd', field: 'pose..x' } })).toEqual({
      'action.field': 'The field must be a dotted path of field names or indexes, such as "position" or "pose.position.x".',
    });
    expect(problems({ ...GOOD, state: { topic: '/joint_states' } })).toEqual({ 'state.field': 'The field must be text, a dotted path such as "position".' });
    expect(problems({ ...GOOD, state: { ...GOOD.state, names: ['a', 'a'] } })).toEqual({ 'state.names': 'The names must all be different.' });
    expect(problems({ ...GOOD, state: { ...GOOD.state, names: [] } })).toEqual({ 'state.names': 'The names, when given, must name at least one number.' });
  });

  it('says what is wrong with the cameras', () => {
    expect(problems({ ...GOOD, cameras: [{ name: 'front cam', topic: '/c' }] })).toEqual({
      'cameras.0.name': 'The camera name may hold only letters, digits and underscores, such as "front" or "wrist_left".',
    });
    expect(
      problems({
        ...GOOD,
        cameras: [
          { name: 'front', topic: '/a' },
          { name: 'front', topic: '/b' },
        ],
      }),
    ).toEqual({ cameras: 'Each camera must have a name of its own.' });
    expect(problems({ ...GOOD, cameras: [{ name: 'front' }] })).toEqual({ 'cameras.0.topic': 'The topic must be text, such as "/joint_states".' });
  });

  it('asks for fps and state, and for an object at all', () => {
    expect(problems({})).toEqual({ fps: 'The frame rate (fps) must be a number.', state: 'The state must be an object with a topic and a field.' });
    expect(problems('fps=30')).toEqual({ '': 'The LeRobot mapping must be an object with fps and state.' });
    expect(problems({ ...GOOD, task: '  ' })).toEqual({ task: 'The task, when given, must not be empty.' });
  });
});
