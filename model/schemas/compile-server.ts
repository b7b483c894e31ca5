import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, decimal, enumOf, text } from './engine/fields';

/** What a compile server's own reports say of it; it is offline once its reports stop. */
export const COMPILE_SERVER_STATES = [
  { value: 'online', label: 'compileServer:status.online', color: 'green' },
  { value: 'busy', label: 'compileServer:status.busy', color: 'gold' },
  { value: 'offline', label: 'compileServer:status.offline', color: 'default' },
  { value: 'fault', label: 'compileServer:status.fault', color: 'red' },
] as const;

/** Set by the server's own reports, never typed by a person. */
const reported = { edit: false } as const;

const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * Spec §3 compile server: a machine model exports are compiled on (ATC for Ascend, TensorRT for
 * Orin). Its agent reports status and usage; the upload time says how fresh that report is.
 */
export const compileServer = defineEntity({
  name: 'compile-server',
  table: 'compile_servers',
  label: 'compileServer:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['sn']],
  // Each report moves these; only a change of status leaves an audit event.
  progress: ['statusUploadTime', 'usage'],
  fields: {
    sn: text('compileServer:fields.sn', { max: 64, filter: 'equals', list: { width: 160, copyable: true } }),
    name: text('compileServer:fields.name', { max: 100, list: { width: 180 } }),
    type: enumOf('compileServer:fields.type', [
      { value: 'ascend-310p', label: 'compileServer:types.ascend310p', color: 'red' },
      { value: 'ascend-910b', label: 'compileServer:types.ascend910b', color: 'volcano' },
      { value: 'jetson-orin', label: 'compileServer:types.jetsonOrin', color: 'green' },
      { value: 'x86-gpu', label: 'compileServer:types.x86Gpu', color: 'blue' },
    ]),
    ip: text('compileServer:fields.ip', {
      max: 15,
      pattern: [IPV4, 'compileServer:rules.ip'],
      example: (n) => `10.20.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`,
      filter: 'equals',
      list: { width: 140, copyable: true },
    }),
    status: enumOf('compileServer:fields.status', COMPILE_SERVER_STATES, { initial: 'offline', help: 'compileServer:help.status' }),
    statusUploadTime: datetime('compileServer:fields.statusUploadTime', reported),
    usage: decimal('compileServer:fields.usage', { ...reported, max: 100, precision: 1 }),
  },
});

export type CompileServer = EntityRecord<typeof compileServer>;
