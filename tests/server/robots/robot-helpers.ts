import type { Heartbeat } from '../../../model/schemas/robot-report';
import type { Api } from '../helpers/api';

/** A robot of the demo space made by its rd, and a key bound to it: what a robot reports with. */
export async function robotWithKey(api: Api, token: string, sn: string, robotType = 'ur5e') {
  const made = await api.post('/device/robot/create', { sn, name: `Robot ${sn}`, robotType, region: 'suzhou' }, { token });
  if (made.status !== 200) throw new Error(`robot ${sn}: ${JSON.stringify(made.body)}`);
  const key = await api.post('/device/robot-key/create', { robotId: made.body.data.id, name: 'on-board' }, { token });
  if (key.status !== 200) throw new Error(`key for ${sn}: ${JSON.stringify(key.body)}`);
  const { keyId, secret } = key.body.data.extras.robotKey as { keyId: string; secret: string };
  return { id: made.body.data.id as number, sn, key: `${keyId}.${secret}`, keyRecordId: key.body.data.id as number };
}

/** Topics as a healthy robot of the tests publishes them, for one interval of `seconds`. */
export const healthy = (seconds = 5): NonNullable<Heartbeat['topics']> => [
  { name: '/camera/front', messages: 30 * seconds },
  { name: '/joint_states', messages: 500 * seconds },
];

export const beat = (api: Api, robot: { sn: string; key: string }, body: Partial<Heartbeat> = {}) =>
  api.post('/device/report/heartbeat', { sn: robot.sn, topics: healthy(), ...body }, { token: robot.key });
