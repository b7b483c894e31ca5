import { defineEntity, type EntityRecord } from './engine/entity';
import { duration, reference, textarea } from './engine/fields';

const clipInOrder = (values: Record<string, unknown>) =>
  typeof values.clipStart !== 'number' || typeof values.clipEnd !== 'number' || values.clipEnd > values.clipStart;

/**
 * A bag's membership of a dataset: a dataset lists its bags and a bag its datasets. A logic dataset
 * may take only a clip of the recording (seconds from its start). A bag is in a dataset once.
 */
export const datasetItem = defineEntity({
  name: 'dataset-item',
  table: 'dataset_items',
  label: 'datasetItem:_',
  scope: 'tenant',
  title: 'bagId',
  sort: { field: 'createdTime', order: 'desc' },
  // The bag leads the key so a duplicate's 409 names the bag ("原始数据已存在").
  unique: [['bagId', 'datasetId']],
  fields: {
    datasetId: reference('datasetItem:fields.datasetId', 'dataset', { required: true, edit: 'create', index: 'btree', list: { width: 240 } }),
    bagId: reference('datasetItem:fields.bagId', 'bag', { required: true, edit: 'create', list: { width: 260 } }),
    clipStart: duration('datasetItem:fields.clipStart', { list: { width: 110 } }),
    clipEnd: duration('datasetItem:fields.clipEnd', { list: { width: 110 }, example: (n) => n + 30 }),
    note: textarea('datasetItem:fields.note', { max: 200 }),
  },
  rules: [{ field: 'clipEnd', message: 'datasetItem:rules.clip', holds: clipInOrder }],
});

export type DatasetItem = EntityRecord<typeof datasetItem>;
