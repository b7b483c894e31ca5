import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, enumOf, integer, reference, text, textarea } from './engine/fields';
import { runStart, runStatus } from './run-status';

/** Written by the export job, never typed. */
const fromExport = { edit: false, filter: false } as const;

/**
 * A dataset version exported for training: a LeRobot v3 dataset (Parquet frames, episodes, tasks and
 * stats) built by a background job from the version's recordings through the mapping of their robot
 * type, stored as one archive and downloaded through a signed link. Its state and figures follow the
 * job (server/modules/datasets); a training record takes it as input.
 */
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
    datasetVersionId: reference('trainingData:fields.datasetVersionId', 'dataset-version', {
      required: true,
      edit: 'create',
      index: 'btree',
      list: { width: 110 },
    }),
    // The version's dataset, set from it: the dataset counts its training sets.
    datasetId: reference('trainingData:fields.datasetId', 'dataset', { edit: false, index: 'btree', list: { width: 220 } }),
    // Which topics become state, action and cameras; by default the mapping of the members' robot type.
    mappingId: reference('trainingData:fields.mappingId', 'training-mapping', { edit: 'create', list: { width: 140 } }),
    format: enumOf('trainingData:fields.format', [{ value: 'lerobot', label: 'trainingData:formats.lerobot', color: 'orange' }], { initial: 'lerobot' }),
    status: enumOf('trainingData:fields.status', runStatus('trainingData'), { initial: 'pending' }),
    progress: integer('trainingData:fields.progress', { ...fromExport, max: 100, list: { width: 100 } }),
    episodeCount: integer('trainingData:fields.episodeCount', { ...fromExport, list: { sortable: true, width: 110 } }),
    frameCount: integer('trainingData:fields.frameCount', { ...fromExport, list: { sortable: true, width: 120 } }),
    sizeBytes: bytes('trainingData:fields.sizeBytes', { ...fromExport, list: { sortable: true, width: 120 } }),
    storagePath: text('trainingData:fields.storagePath', { ...fromExport, required: false, max: 1024, list: false }),
    failure: text('trainingData:fields.failure', { ...fromExport, required: false, max: 1000, list: false }),
    description: textarea('trainingData:fields.description'),
  },
  states: { field: 'status', actions: runStart('trainingData'), live: ['pending', 'processing'] },
});

export type TrainingData = EntityRecord<typeof trainingData>;
