import { defineEntity, type EntityRecord } from './engine/entity';
import { decimal, enumOf, integer, listFilter, reference, text, textarea } from './engine/fields';
import { FILTERED_DATA } from './limits';

/** A metric the evaluation run reports, not typed in. */
const metric = (label: string, max: number) => decimal(label, { max, edit: false, list: { sortable: true, width: 110 } });

/**
 * An evaluation of a model on a structured dataset (or a published version of it). Its items are the
 * structured data a filter picks (robot, arms, structure, version, bag); spec §5: they count 1 to 2000,
 * counted by the server when the record is made. The run reports each item; success rate and score
 * follow from its reports (server/modules/evaluation).
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
    structuredDatasetId: reference('evaluationRecord:fields.structuredDatasetId', 'structured-dataset', {
      required: true,
      edit: 'create',
      list: { width: 200 },
    }),
    // Empty: the dataset's structured data as they are; a version: its frozen members.
    structuredDatasetVersionId: reference('evaluationRecord:fields.structuredDatasetVersionId', 'structured-dataset-version', {
      edit: 'create',
      within: { structuredDatasetId: 'structuredDatasetId' },
      help: 'evaluationRecord:help.structuredDatasetVersionId',
      list: { width: 110 },
    }),
    dataFilter: listFilter('evaluationRecord:fields.dataFilter', {
      of: [
        { entity: 'structured-version-member', within: { versionId: 'structuredDatasetVersionId' } },
        { entity: 'structured-data', within: { structuredDatasetId: 'structuredDatasetId' } },
      ],
      ...FILTERED_DATA,
      edit: 'create',
      help: 'evaluationRecord:help.dataFilter',
    }),
    // What the filter matched when the record was made: its items.
    filteredDataCount: integer('evaluationRecord:fields.filteredDataCount', { edit: false, filter: false, list: { width: 120, sortable: true } }),
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
