import { defineEntity, type EntityRecord } from './engine/entity';
import { reference } from './engine/fields';

/** Spec §3 "training datasets" of a training record: the dataset versions it trains on, linked both ways. */
export const trainingRecordDataset = defineEntity({
  name: 'training-record-dataset',
  table: 'training_record_datasets',
  label: 'trainingRecordDataset:_',
  scope: 'tenant',
  title: 'datasetVersionId',
  sort: { field: 'createdTime', order: 'asc' },
  unique: [['datasetVersionId', 'trainingRecordId']],
  fields: {
    trainingRecordId: reference('trainingRecordDataset:fields.trainingRecordId', 'training-record', {
      required: true,
      edit: 'create',
      index: 'btree',
      list: { width: 240 },
    }),
    datasetVersionId: reference('trainingRecordDataset:fields.datasetVersionId', 'dataset-version', {
      required: true,
      edit: 'create',
      index: 'btree',
      list: { width: 160 },
    }),
  },
});

export type TrainingRecordDataset = EntityRecord<typeof trainingRecordDataset>;
