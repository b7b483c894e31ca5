import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, json, reference, text, textarea } from './engine/fields';

/** Spec §3 template task: a task the platform offers every space. Spec §5: name ≤ 100, description ≤ 500, JSON config. */
export const templateTask = defineEntity({
  name: 'template-task',
  table: 'template_tasks',
  label: 'templateTask:_',
  scope: 'platform',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('templateTask:fields.name', { max: 100, list: { width: 220 } }),
    description: textarea('templateTask:fields.description', { max: 500 }),
    taskType: enumOf('templateTask:fields.taskType', [
      { value: 'data_processing', label: 'templateTask:types.dataProcessing', color: 'blue' },
      { value: 'training', label: 'templateTask:types.training', color: 'purple' },
      { value: 'evaluation', label: 'templateTask:types.evaluation', color: 'cyan' },
      { value: 'export', label: 'templateTask:types.export', color: 'orange' },
    ]),
    taskUsage: enumOf('templateTask:fields.taskUsage', [
      { value: 'system', label: 'templateTask:usage.system' },
      { value: 'custom', label: 'templateTask:usage.custom' },
    ]),
    triggerType: enumOf('templateTask:fields.triggerType', [
      { value: 'manual', label: 'templateTask:triggers.manual' },
      { value: 'scheduled', label: 'templateTask:triggers.scheduled' },
    ]),
    taskImageId: reference('templateTask:fields.taskImageId', 'task-image', { required: true }),
    taskConfStr: json('templateTask:fields.taskConfStr', { required: true }),
  },
});

export type TemplateTask = EntityRecord<typeof templateTask>;
