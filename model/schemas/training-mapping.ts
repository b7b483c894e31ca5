import { defineEntity, type EntityRecord } from './engine/entity';
import { json, text, textarea } from './engine/fields';

/**
 * How the recordings of one robot type become LeRobot frames: which topic is `observation.state`,
 * which `action`, which each camera, and at what fps. Edited as JSON in Monaco, checked against the
 * mapping's schema, and previewed on one recording before an export uses it.
 */
export const trainingMapping = defineEntity({
  name: 'training-mapping',
  table: 'training_mappings',
  label: 'trainingMapping:_',
  scope: 'tenant',
  title: 'robotType',
  sort: { field: 'robotType', order: 'asc' },
  unique: [['robotType']],
  fields: {
    robotType: text('trainingMapping:fields.robotType', { max: 64, list: { width: 180, copyable: true } }),
    mapping: json('trainingMapping:fields.mapping', {
      required: true,
      max: 16384,
      help: 'trainingMapping:help.mapping',
      example: (n) => JSON.stringify({ fps: 10 + (n % 50), state: { topic: '/joint_states', field: 'position' } }),
    }),
    description: textarea('trainingMapping:fields.description'),
  },
});

export type TrainingMapping = EntityRecord<typeof trainingMapping>;
