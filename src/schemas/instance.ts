import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, duration, enumOf, reference, text } from './engine/fields';

/**
 * Spec §3 instance: one run of a task, written by the task runner (so nothing is edited after it
 * starts). Spec §4: it can be terminated while running, and only then.
 */
export const instance = defineEntity({
  name: 'instance',
  table: 'instances',
  label: 'instance:_',
  scope: 'tenant',
  title: 'k8sJobName',
  // Created when triggered; a pending run has no start time yet, and keyset paging needs a value in every row.
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['k8sJobName']],
  indexes: [['status']],
  fields: {
    task: reference('instance:fields.task', 'task', { required: true, edit: 'create', list: false }),
    taskName: text('instance:fields.taskName', { max: 100, edit: 'create', list: { width: 200 } }),
    status: enumOf(
      'instance:fields.status',
      [
        { value: 'pending', label: 'instance:status.pending', color: 'default' },
        { value: 'running', label: 'instance:status.running', color: 'processing' },
        { value: 'succeeded', label: 'instance:status.succeeded', color: 'success' },
        { value: 'failed', label: 'instance:status.failed', color: 'error' },
        { value: 'terminated', label: 'instance:status.terminated', color: 'warning' },
      ],
      { initial: 'pending' },
    ),
    triggerType: enumOf(
      'instance:fields.triggerType',
      [
        { value: 'manual', label: 'instance:triggers.manual' },
        { value: 'scheduled', label: 'instance:triggers.scheduled', color: 'gold' },
      ],
      { edit: 'create' },
    ),
    triggerPerson: text('instance:fields.triggerPerson', { max: 64, edit: 'create', filter: 'equals', list: { width: 110 } }),
    startTime: datetime('instance:fields.startTime', { edit: 'create' }),
    endTime: datetime('instance:fields.endTime', { edit: 'create' }),
    duration: duration('instance:fields.duration', { edit: 'create', filter: false, list: { width: 110, sortable: true } }),
    timeout: duration('instance:fields.timeout', { min: 1, edit: 'create', filter: false, list: false }),
    k8sJobName: text('instance:fields.k8sJobName', {
      max: 63,
      pattern: [/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'instance:rules.k8sJobName'],
      example: (n) => `edp-job-sample-${n}`,
      edit: 'create',
      filter: 'contains',
      list: { width: 180, copyable: true },
    }),
  },
  states: {
    field: 'status',
    actions: {
      terminate: { label: 'instance:actions.terminate', from: ['running'], to: 'terminated', confirm: true },
    },
  },
});

export type Instance = EntityRecord<typeof instance>;
