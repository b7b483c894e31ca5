import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, datetime, duration, enumOf, integer, json, reference, text } from './engine/fields';

/** States a run ends in: nothing changes it afterwards. */
export const FINISHED_STATES = ['succeeded', 'failed', 'terminated', 'timed_out'] as const;

/** Written by the runner only: never typed, never listed. */
const runnerWritten = { edit: false, list: false, filter: false } as const;

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
  // A task's runs, newest first: its instances' list filtered by task, the runs a metrics chart compares.
  indexes: [['status'], ['task']],
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
        { value: 'timed_out', label: 'instance:status.timed_out', color: 'magenta' },
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
    // What the run had: the task's settings when it started (the task may change afterwards).
    image: text('instance:fields.image', { max: 255, required: false, ...runnerWritten }),
    memory: bytes('instance:fields.memory', { required: false, ...runnerWritten }),
    gpuCards: integer('instance:fields.gpuCards', { required: false, ...runnerWritten }),
    runner: enumOf(
      'instance:fields.runner',
      [
        { value: 'local', label: 'instance:runners.local' },
        { value: 'kubernetes', label: 'instance:runners.kubernetes', color: 'blue' },
      ],
      { required: false, ...runnerWritten },
    ),
    failure: enumOf(
      'instance:fields.failure',
      [
        { value: 'exit', label: 'instance:failures.exit', color: 'error' },
        { value: 'memory', label: 'instance:failures.memory', color: 'error' },
        { value: 'start', label: 'instance:failures.start', color: 'error' },
        { value: 'lost', label: 'instance:failures.lost', color: 'error' },
        { value: 'restart', label: 'instance:failures.restart', color: 'error' },
        { value: 'output', label: 'instance:failures.output', color: 'error' },
      ],
      { required: false, ...runnerWritten },
    ),
    exitCode: integer('instance:fields.exitCode', { required: false, min: -255, max: 255, ...runnerWritten }),
    failureDetail: text('instance:fields.failureDetail', { max: 1000, required: false, ...runnerWritten }),
    terminatedBy: text('instance:fields.terminatedBy', { max: 64, required: false, ...runnerWritten }),
    terminatedTime: datetime('instance:fields.terminatedTime', runnerWritten),
    logLines: integer('instance:fields.logLines', { required: false, ...runnerWritten }),
    // The state history: [{ status, time, by }], appended at each change.
    history: json('instance:fields.history', { max: 1_000_000, show: false, ...runnerWritten }),
    // What the run is for besides its task: a training record's run, a model export's, a data-processing record's, a CT's, an evaluation's.
    processingRecord: reference('instance:fields.processingRecord', 'processing-record', { index: 'btree', ...runnerWritten }),
    trainingRecord: reference('instance:fields.trainingRecord', 'training-record', { index: 'btree', ...runnerWritten }),
    modelExport: reference('instance:fields.modelExport', 'model-export', { index: 'btree', ...runnerWritten }),
    ctRecord: reference('instance:fields.ctRecord', 'ct-record', { index: 'btree', ...runnerWritten }),
    evaluationRecord: reference('instance:fields.evaluationRecord', 'evaluation-record', { index: 'btree', ...runnerWritten }),
    // Runs sharing a queue go one at a time (a compile server's exports: `compile-server:<id>`).
    queue: text('instance:fields.queue', { max: 64, required: false, show: false, ...runnerWritten }),
  },
  states: {
    field: 'status',
    live: ['pending', 'running'],
    actions: {
      terminate: { label: 'instance:actions.terminate', from: ['running'], to: 'terminated', confirm: true },
    },
  },
});

export type Instance = EntityRecord<typeof instance>;
