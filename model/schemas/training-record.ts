import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, json, reference, text, textarea } from './engine/fields';
import { MODEL_TYPES } from './model-card';
import { progress } from './model-export';

/**
 * Spec §3 training record: one training run of a task from a foundation model, with its JSON config
 * (spec §5: valid JSON), datasets (training-record-dataset links) and the training data it reads. Spec §4: it can be started
 * or stopped and has a running status.
 */
export const trainingRecord = defineEntity({
  name: 'training-record',
  table: 'training_records',
  label: 'trainingRecord:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('trainingRecord:fields.name', { max: 128, list: { width: 240 } }),
    task: text('trainingRecord:fields.task', { max: 128, filter: 'equals', list: { width: 160 } }),
    foundationModel: enumOf('trainingRecord:fields.foundationModel', MODEL_TYPES, { list: { width: 150 } }),
    status: enumOf(
      'trainingRecord:fields.status',
      [
        { value: 'pending', label: 'trainingRecord:status.pending', color: 'default' },
        { value: 'running', label: 'trainingRecord:status.running', color: 'processing' },
        { value: 'stopped', label: 'trainingRecord:status.stopped', color: 'warning' },
        { value: 'succeeded', label: 'trainingRecord:status.succeeded', color: 'success' },
        { value: 'failed', label: 'trainingRecord:status.failed', color: 'error' },
      ],
      { initial: 'pending' },
    ),
    progress: progress('trainingRecord:fields.progress'),
    config: json('trainingRecord:fields.config', { required: true }),
    // The LeRobot export it trains from: its run is told where the archive is (an exported one only).
    trainingDataId: reference('trainingRecord:fields.trainingDataId', 'training-data', { list: { width: 200 } }),
    description: textarea('trainingRecord:fields.description'),
  },
  // The run reports how far it got: such updates leave no audit event each.
  progress: ['progress'],
  states: {
    field: 'status',
    live: ['running'],
    actions: {
      // A succeeded record trains again: its next model card version.
      start: { label: 'trainingRecord:actions.start', from: ['pending', 'stopped', 'failed', 'succeeded'], to: 'running' },
      stop: { label: 'trainingRecord:actions.stop', from: ['running'], to: 'stopped', confirm: true },
    },
  },
});

export type TrainingRecord = EntityRecord<typeof trainingRecord>;
