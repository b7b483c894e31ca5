import { defineEntity, type EntityRecord } from './engine/entity';
import { reference } from './engine/fields';
import { DEVICE_KEY_STATES, deviceKeyFields } from './device-key-fields';

/** A key one robot reports with, bound to it: it reports for that robot alone and reads nothing else. */
export const robotKey = defineEntity({
  name: 'robot-key',
  table: 'robot_keys',
  label: 'robotKey:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['keyId']],
  foundBy: 'keyId',
  listedWithin: 'robotId',
  // Kept as the key is used (at most once a minute): not worth an audit event each time.
  progress: ['lastUsedAt'],
  fields: {
    robotId: reference('robotKey:fields.robotId', 'robot', { required: true, edit: 'create', list: { width: 150 } }),
    ...deviceKeyFields('robotKey'),
  },
  states: DEVICE_KEY_STATES,
});

export type RobotKey = EntityRecord<typeof robotKey>;
