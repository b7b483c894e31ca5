import { defineEntity, type EntityRecord } from './engine/entity';
import { decimal, enumOf, integer, reference, text, textarea } from './engine/fields';

/** A metric the evaluation run reports, not typed in. */
const metric = (label: string, max: number) => decimal(label, { max, edit: false, list: { sortable: true, width: 110 } });

/**
 * An evaluation of a model on a structured dataset. Spec §5: the data filtered from the dataset
 * for evaluation count 1 to 2000. The run reports success rate and score.
 */
export const evaluationRecord = defineEntity({
  name: 'evaluation-record',
  table: 'evaluation_records',
  label: 'evaluationRecord:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['status']],
  fields: {
    name: text('evaluationRecord:fields.name', { max: 128, list: { width: 220 } }),
    modelCardId: reference('evaluationRecord:fields.modelCardId', 'model-card', { required: true, list: { width: 220 } }),
    structuredDatasetId: reference('evaluationRecord:fields.structuredDatasetId', 'structured-dataset', { required: true, list: { width: 200 } }),
    filteredDataCount: integer('evaluationRecord:fields.filteredDataCount', { min: 1, max: 2000, required: true, list: { width: 120, sortable: true } }),
    successRate: metric('evaluationRecord:fields.successRate', 100),
    score: metric('evaluationRecord:fields.score', 100),
    status: enumOf(
      'evaluationRecord:fields.status',
      [
        { value: 'pending', label: 'evaluationRecord:status.pending', color: 'default' },
        { value: 'running', label: 'evaluationRecord:status.running', color: 'processing' },
        { value: 'success', label: 'evaluationRecord:status.success', color: 'success' },
        { value: 'failed', label: 'evaluationRecord:status.failed', color: 'error' },
      ],
      { initial: 'pending' },
    ),
    description: textarea('evaluationRecord:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      // Its end follows the run of the space's evaluation task, never a click.
      start: { label: 'evaluationRecord:actions.start', from: ['pending', 'failed', 'success'], to: 'running', confirm: true },
    },
    live: ['running'],
  },
});

export type EvaluationRecord = EntityRecord<typeof evaluationRecord>;
