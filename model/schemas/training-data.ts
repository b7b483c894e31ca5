import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, enumOf, integer, reference, text, textarea } from './engine/fields';
import { runActions, runStatus } from './run-status';

/** A training set built from a dataset (and the version it froze) in a format training jobs read. */
export const trainingData = defineEntity({
  name: 'training-data',
  table: 'training_data',
  label: 'trainingData:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('trainingData:fields.name', { max: 128, list: { width: 240, copyable: true } }),
    datasetId: reference('trainingData:fields.datasetId', 'dataset', { required: true, index: 'btree', list: { width: 220 } }),
    datasetVersionId: reference('trainingData:fields.datasetVersionId', 'dataset-version', { index: 'btree', list: { width: 110 } }),
    format: enumOf('trainingData:fields.format', [
      { value: 'lerobot', label: 'trainingData:formats.lerobot', color: 'orange' },
      { value: 'hdf5', label: 'trainingData:formats.hdf5', color: 'blue' },
      { value: 'rlds', label: 'trainingData:formats.rlds', color: 'purple' },
    ]),
    status: enumOf('trainingData:fields.status', runStatus('trainingData'), { initial: 'pending' }),
    episodeCount: integer('trainingData:fields.episodeCount', { list: { sortable: true, width: 110 } }),
    frameCount: integer('trainingData:fields.frameCount', { list: { sortable: true, width: 120 } }),
    sizeBytes: bytes('trainingData:fields.sizeBytes', { list: { sortable: true, width: 120 } }),
    storagePath: text('trainingData:fields.storagePath', { required: false, max: 1024, filter: false, list: false }),
    description: textarea('trainingData:fields.description'),
  },
  states: { field: 'status', actions: runActions('trainingData') },
});

export type TrainingData = EntityRecord<typeof trainingData>;
