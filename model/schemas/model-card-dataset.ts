import { defineEntity, type EntityRecord } from './engine/entity';
import { reference } from './engine/fields';

/** Spec §3 "datasets with version" of a model card: one link each way (the card lists its versions, a version its cards). */
export const modelCardDataset = defineEntity({
  name: 'model-card-dataset',
  table: 'model_card_datasets',
  label: 'modelCardDataset:_',
  scope: 'tenant',
  title: 'datasetVersionId',
  sort: { field: 'createdTime', order: 'asc' },
  unique: [['datasetVersionId', 'modelCardId']],
  fields: {
    modelCardId: reference('modelCardDataset:fields.modelCardId', 'model-card', { required: true, edit: 'create', index: 'btree', list: { width: 240 } }),
    datasetVersionId: reference('modelCardDataset:fields.datasetVersionId', 'dataset-version', {
      required: true,
      edit: 'create',
      index: 'btree',
      list: { width: 160 },
    }),
  },
});

export type ModelCardDataset = EntityRecord<typeof modelCardDataset>;
