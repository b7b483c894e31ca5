import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, json, rating, text } from './engine/fields';

const MODULES = ['data', 'training', 'deployment', 'evaluation', 'device', 'taskFlow', 'console'] as const;

/**
 * Spec §3 feedback: any user sends it from the header (spec §5: rating and comment required);
 * the platform's administrators read every space's feedback and move it along.
 */
export const feedback = defineEntity({
  name: 'feedback',
  table: 'feedback',
  label: 'feedback:_',
  scope: 'tenant',
  platformSeesAll: true,
  title: 'description',
  sort: { field: 'createdTime', order: 'desc' },
  fields: {
    module: enumOf(
      'feedback:fields.module',
      MODULES.map((module) => ({ value: module, label: `menu:${module}._` })),
    ),
    rating: rating('feedback:fields.rating', { list: { width: 160, sortable: true } }),
    description: text('feedback:fields.description', { max: 2000, list: { ellipsis: true } }),
    meta: json('feedback:fields.meta', { edit: 'create', show: true }),
    status: enumOf(
      'feedback:fields.status',
      [
        { value: 'new', label: 'feedback:status.new', color: 'blue' },
        { value: 'processing', label: 'feedback:status.processing', color: 'gold' },
        { value: 'resolved', label: 'feedback:status.resolved', color: 'green' },
      ],
      { initial: 'new' },
    ),
  },
  states: {
    field: 'status',
    actions: {
      process: { label: 'feedback:actions.process', from: ['new'], to: 'processing' },
      resolve: { label: 'feedback:actions.resolve', from: ['new', 'processing'], to: 'resolved' },
    },
  },
});

export type Feedback = EntityRecord<typeof feedback>;
