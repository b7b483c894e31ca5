import { z } from 'zod';
import { defineEntity, type EntityRecord } from './engine/entity';
import { bool, bytes, code, duration, enumOf, integer, keyValueLines, reference, text, textarea } from './engine/fields';
import { cronFault, DEFAULT_TIMEZONE, TIMEZONES } from './cron-schedule';
import { REQUIRED } from './fields';

export const MIB = 1024 ** 2;
export const GIB = 1024 ** 3;
/** Spec §5/§9 "Task memory: 1MB to 512GB". */
export const MEMORY_MIN = MIB;
export const MEMORY_MAX = 512 * GIB;

/** Memory in bytes: out of range says the spec's own bounds ("1MB to 512GB"), not two raw byte counts. */
const memory = (() => {
  const label = 'task:fields.memory';
  const base = bytes(label, { min: MEMORY_MIN, max: MEMORY_MAX, required: true, list: { width: 110, sortable: true } });
  const input = z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'validation:invalidType') })
    .int('task:rules.memory')
    .min(MEMORY_MIN, 'task:rules.memory')
    .max(MEMORY_MAX, 'task:rules.memory')
    .meta({ label });
  return { ...base, input };
})();

/** The schedule: parsed as the server's scheduler parses it, previewed on the form in the task's zone. */
const cronExpression = (() => {
  const label = 'task:fields.cronExpression';
  const base = text(label, {
    required: false,
    max: 100,
    example: (n) => `${n % 60} 2 * * *`,
    filter: false,
    list: { width: 120 },
    help: 'task:help.cronExpression',
  });
  const input = base.input
    .superRefine((value, context) => {
      const fault = value === '' ? undefined : cronFault(value);
      if (fault) context.addIssue({ code: 'custom', message: fault === 'malformed' ? 'task:rules.cronFormat' : 'task:rules.cronNeverFires' });
    })
    .meta({ label });
  return { ...base, input, widget: 'cron' as const, timezoneField: 'timezone' };
})();

/** The zone fire times are read in: one of a list (a select on the form), the default when left out or cleared. */
const timezone = (() => {
  const label = 'task:fields.timezone';
  const options = TIMEZONES.map((zone) => ({ value: zone, label: `task:timezones.${zone.replaceAll('/', '_')}` }));
  const base = enumOf(label, options, { required: false, list: false, filter: false, help: 'task:help.timezone' });
  const input = base.input.transform((value) => value || DEFAULT_TIMEZONE).meta({ label });
  // Rows stored before zones existed read as the default.
  return { ...base, input, initial: DEFAULT_TIMEZONE, fromDb: (value: unknown) => (typeof value === 'string' && value) || DEFAULT_TIMEZONE };
})();

/**
 * Spec §3 task: code run in a task image with its environment, resources and trigger. Spec §4: a
 * removed task is kept (status deleted) and can be restored.
 */
export const task = defineEntity({
  name: 'task',
  table: 'tasks',
  label: 'task:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'updatedTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('task:fields.name', { max: 100, list: { width: 220, copyable: true } }),
    description: textarea('task:fields.description'),
    owner: text('task:fields.owner', { max: 64, filter: 'equals', list: { width: 110 } }),
    taskType: enumOf('task:fields.taskType', [
      { value: 'data_processing', label: 'task:types.dataProcessing', color: 'blue' },
      { value: 'training', label: 'task:types.training', color: 'purple' },
      { value: 'evaluation', label: 'task:types.evaluation', color: 'cyan' },
      { value: 'export', label: 'task:types.export', color: 'orange' },
      { value: 'ct', label: 'task:types.ct', color: 'magenta' },
    ]),
    taskCategory: enumOf('task:fields.taskCategory', [
      { value: 'development', label: 'task:categories.development', color: 'default' },
      { value: 'production', label: 'task:categories.production', color: 'geekblue' },
    ]),
    triggerType: enumOf('task:fields.triggerType', [
      { value: 'manual', label: 'task:triggers.manual' },
      { value: 'scheduled', label: 'task:triggers.scheduled', color: 'gold' },
    ]),
    cronExpression,
    timezone,
    // A fire while an earlier run of the task is still pending or running is skipped (and recorded) unless this allows it.
    allowOverlap: bool('task:fields.allowOverlap', { list: false, filter: false, help: 'task:help.allowOverlap' }),
    image: reference('task:fields.image', 'task-image', { required: true, list: { width: 180 } }),
    memory,
    gpuCards: integer('task:fields.gpuCards', { min: 0, max: 8, list: { width: 90 }, filter: false }),
    timeoutTime: duration('task:fields.timeoutTime', { min: 1, required: true, list: false, filter: false }),
    environment: keyValueLines('task:fields.environment'),
    code: code('task:fields.code', { language: 'python' }),
    status: enumOf(
      'task:fields.status',
      [
        { value: 'active', label: 'task:status.active', color: 'green' },
        { value: 'deleted', label: 'task:status.deleted', color: 'default' },
      ],
      { initial: 'active' },
    ),
  },
  states: {
    field: 'status',
    actions: {
      remove: { label: 'task:actions.remove', from: ['active'], to: 'deleted', confirm: true },
      restore: { label: 'task:actions.restore', from: ['deleted'], to: 'active' },
    },
  },
  rules: [
    {
      field: 'cronExpression',
      message: 'task:rules.cronRequired',
      holds: (values) => values.triggerType !== 'scheduled' || (typeof values.cronExpression === 'string' && values.cronExpression.trim() !== ''),
    },
  ],
});

export type Task = EntityRecord<typeof task>;
