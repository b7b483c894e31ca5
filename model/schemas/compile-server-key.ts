import { defineEntity, type EntityRecord } from './engine/entity';
import { reference } from './engine/fields';
import { DEVICE_KEY_STATES, deviceKeyFields } from './device-key-fields';

/** A key one compile server reports with, bound to it: it reports for that compile server alone and reads nothing else. */
export const compileServerKey = defineEntity({
  name: 'compile-server-key',
  table: 'compile_server_keys',
  label: 'compileServerKey:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['keyId']],
  foundBy: 'keyId',
  listedWithin: 'compileServerId',
  // Kept as the key is used (at most once a minute): not worth an audit event each time.
  progress: ['lastUsedAt'],
  fields: {
    compileServerId: reference('compileServerKey:fields.compileServerId', 'compile-server', { required: true, edit: 'create', list: { width: 150 } }),
    ...deviceKeyFields('compileServerKey'),
  },
  states: DEVICE_KEY_STATES,
});

export type CompileServerKey = EntityRecord<typeof compileServerKey>;
