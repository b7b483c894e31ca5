import { defineEntity, type EntityRecord } from './engine/entity';
import { countOf, enumOf, text, textarea } from './engine/fields';

/**
 * Spec §3 dataset: a named selection of raw data in one of the three kinds of the §2 routes (raw,
 * data-collection, logic). Its name is unique in the space because the show page's path carries it.
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
    // Counted by the database as items, tickets, processing runs and training sets come and go.
    rawDataCount: countOf('dataset:fields.rawDataCount', { entity: 'dataset-item', field: 'datasetId' }),
    labelTicketCount: countOf('dataset:fields.labelTicketCount', { entity: 'ticket', field: 'datasetId', where: { ticketType: 'label' } }),
    processingTicketCount: countOf('dataset:fields.processingTicketCount', { entity: 'ticket', field: 'datasetId', where: { ticketType: 'processing' } }),
    trainingSetCount: countOf('dataset:fields.trainingSetCount', { entity: 'training-data', field: 'datasetId' }),
    description: textarea('dataset:fields.description'),
  },
});

export type Dataset = EntityRecord<typeof dataset>;
