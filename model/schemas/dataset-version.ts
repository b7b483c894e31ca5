import { defineEntity, type EntityRecord } from './engine/entity';
import { integer, reference, text, textarea } from './engine/fields';

/** A frozen release of a dataset (v1.2.0) that training sets and model cards name. Spec §5: no version twice in a dataset. */
export const datasetVersion = defineEntity({
  name: 'dataset-version',
  table: 'dataset_versions',
  label: 'datasetVersion:_',
  scope: 'tenant',
  title: 'version',
  sort: { field: 'createdTime', order: 'desc' },
  // The version leads the key so a duplicate's 409 names the version field, not the dataset.
  unique: [['version', 'datasetId']],
  fields: {
    version: text('datasetVersion:fields.version', { max: 32, list: { width: 120, copyable: true } }),
    datasetId: reference('datasetVersion:fields.datasetId', 'dataset', { required: true, edit: 'create', index: 'btree', list: { width: 240 } }),
    bagCount: integer('datasetVersion:fields.bagCount', { list: { sortable: true, width: 110 } }),
    description: textarea('datasetVersion:fields.description'),
  },
});

export type DatasetVersion = EntityRecord<typeof datasetVersion>;
