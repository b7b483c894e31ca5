import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, reference, text } from './engine/fields';
import { runActions, runStatus } from './run-status';

const finishesAfterStart = (values: Record<string, unknown>) =>
  !values.startedTime || !values.finishedTime || new Date(String(values.finishedTime)) >= new Date(String(values.startedTime));

/**
 * A data-processing run of a template task over data filtered from a dataset.
 * Spec §5: 1 to 2000 filtered data per dataset for processing.
 */
export const processingRecord = defineEntity({
  name: 'processing-record',
  table: 'processing_records',
  label: 'processingRecord:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  fields: {
    name: text('processingRecord:fields.name', { max: 128, list: { width: 220 } }),
    datasetId: reference('processingRecord:fields.datasetId', 'dataset', { required: true, index: 'btree', list: { width: 220 } }),
    templateTaskId: reference('processingRecord:fields.templateTaskId', 'template-task', { required: true, list: { width: 180 } }),
    filteredDataCount: integer('processingRecord:fields.filteredDataCount', { min: 1, max: 2000, required: true, list: { sortable: true, width: 120 } }),
    status: enumOf('processingRecord:fields.status', runStatus('processingRecord'), { initial: 'pending' }),
    progress: integer('processingRecord:fields.progress', { max: 100, list: { width: 100 } }),
    startedTime: datetime('processingRecord:fields.startedTime'),
    finishedTime: datetime('processingRecord:fields.finishedTime'),
  },
  states: { field: 'status', actions: runActions('processingRecord') },
  rules: [{ field: 'finishedTime', message: 'processingRecord:rules.finishedTime', holds: finishesAfterStart }],
});

export type ProcessingRecord = EntityRecord<typeof processingRecord>;
