import { defineEntity, type EntityRecord } from './engine/entity';
import { countOf, enumOf, json, text, textarea } from './engine/fields';

/** What each kind of dataset must say about where its members come from. */
const sourceFits = (values: Record<string, unknown>) => {
  if (values.datasetType === 'dc') return Boolean(values.dcPlanId);
  if (values.datasetType === 'logic') return Boolean(String(values.filter ?? '').trim());
  return true;
};

/**
 * Spec §3 dataset: a named selection of raw data in one of the three kinds of the §2 routes. A raw
 * dataset holds bags picked by hand; a collection (dc) dataset the bags of a collection plan (or one
 * sub plan of it), which join as they are uploaded; a logic dataset is a saved filter of the raw-data
 * list, its members whatever matches it. Its name is unique in the space because the show page's path
 * carries it. Every count is kept by the database (server/modules/datasets), never typed.
 */
export const dataset = defineEntity({
  name: 'dataset',
  table: 'datasets',
  label: 'dataset:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  // Each kind is a list of its own (spec §2 raw-data tabs).
  indexes: [['datasetType']],
  fields: {
    name: text('dataset:fields.name', { max: 128, pattern: [/^[^/\\]+$/, 'dataset:rules.name'], list: { width: 240, copyable: true } }),
    datasetType: enumOf(
      'dataset:fields.datasetType',
      [
        { value: 'raw', label: 'dataset:types.raw', color: 'blue' },
        { value: 'dc', label: 'dataset:types.dc', color: 'green' },
        { value: 'logic', label: 'dataset:types.logic', color: 'purple' },
      ],
      { edit: 'create' },
    ),
    owner: text('dataset:fields.owner', { max: 64, filter: 'equals', list: { width: 120 } }),
    dcProject: text('dataset:fields.dcProject', { required: false, max: 128, filter: 'equals', list: { width: 160 } }),
    dcTask: text('dataset:fields.dcTask', { required: false, max: 128, filter: 'equals', list: { width: 160 } }),
    // A collection dataset's plan (and sub plan) as the recordings carry them (a bag's dcPlanId, dcSubPlanId).
    dcPlanId: text('dataset:fields.dcPlanId', { required: false, max: 64, filter: 'equals', list: false, edit: 'create', help: 'dataset:help.dcPlanId' }),
    dcSubPlanId: text('dataset:fields.dcSubPlanId', { required: false, max: 64, filter: false, list: false, edit: 'create' }),
    // A logic dataset's filter: the raw-data list's query (robotType, qualityLabel, labelList, bagStartTime.from, ...).
    filter: json('dataset:fields.filter', { max: 4096, help: 'dataset:help.filter' }),
    // Counted by the database as members, tickets and training sets come and go.
    rawDataCount: countOf('dataset:fields.rawDataCount', { entity: 'dataset-item', field: 'datasetId' }),
    labelTicketCount: countOf('dataset:fields.labelTicketCount', { entity: 'ticket', field: 'datasetId', where: { ticketType: 'label' } }),
    processingTicketCount: countOf('dataset:fields.processingTicketCount', { entity: 'ticket', field: 'datasetId', where: { ticketType: 'processing' } }),
    trainingSetCount: countOf('dataset:fields.trainingSetCount', { entity: 'training-data', field: 'datasetId' }),
    description: textarea('dataset:fields.description'),
  },
  rules: [{ field: 'datasetType', message: 'dataset:rules.source', holds: sourceFits }],
});

export type Dataset = EntityRecord<typeof dataset>;
