import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, reference, text } from './engine/fields';
import { progress } from './model-export';
import { runStart, runStatus } from './run-status';

/**
 * Spec §3 CT record: a continuous test of one module of an artifact, run on a compile server in batches:
 * the space's CT task runs on the server's queue, and its status (the verdict) and progress follow the run.
 */
export const ctRecord = defineEntity({
  name: 'ct-record',
  table: 'ct_records',
  label: 'ctRecord:_',
  scope: 'tenant',
  title: 'batch',
  sort: { field: 'createdTime', order: 'desc' },
  fields: {
    batch: text('ctRecord:fields.batch', { max: 64, filter: 'equals', list: { width: 180, copyable: true } }),
    artifactId: reference('ctRecord:fields.artifactId', 'artifact', { required: true, index: 'btree', list: { width: 140 } }),
    module: text('ctRecord:fields.module', { max: 64, filter: 'equals', list: { width: 150 } }),
    type: enumOf('ctRecord:fields.type', [
      { value: 'function', label: 'ctRecord:types.function', color: 'blue' },
      { value: 'accuracy', label: 'ctRecord:types.accuracy', color: 'purple' },
      { value: 'performance', label: 'ctRecord:types.performance', color: 'orange' },
      { value: 'stability', label: 'ctRecord:types.stability', color: 'cyan' },
    ]),
    serverId: reference('ctRecord:fields.serverId', 'compile-server', { required: true, index: 'btree', list: { width: 180 } }),
    status: enumOf('ctRecord:fields.status', runStatus('ctRecord'), { initial: 'pending' }),
    progress: progress('ctRecord:fields.progress'),
  },
  progress: ['progress'],
  states: { field: 'status', actions: runStart('ctRecord'), live: ['processing'] },
});

export type CtRecord = EntityRecord<typeof ctRecord>;
