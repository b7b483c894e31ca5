import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, reference, text } from './engine/fields';

export const GIT_COMMIT = /^[0-9a-f]{7,40}$/;

/** Policy architectures a card can hold (shared by training records' foundation models). */
export const MODEL_TYPES = [
  { value: 'act', label: 'modelCard:types.act', color: 'blue' },
  { value: 'diffusion_policy', label: 'modelCard:types.diffusionPolicy', color: 'purple' },
  { value: 'pi0', label: 'modelCard:types.pi0', color: 'magenta' },
  { value: 'openvla', label: 'modelCard:types.openvla', color: 'cyan' },
  { value: 'rdt', label: 'modelCard:types.rdt', color: 'geekblue' },
  { value: 'gr00t', label: 'modelCard:types.gr00t', color: 'green' },
];

/**
 * Spec §3 model card: a trained model, where it came from (training record, code, data) and its
 * file. Spec §5: the file name holds digits, letters, underscore, hyphen and period only. Its
 * datasets with version are links kept in model-card-dataset.
 */
export const modelCard = defineEntity({
  name: 'model-card',
  table: 'model_cards',
  label: 'modelCard:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'trainingTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('modelCard:fields.name', { max: 128, list: { width: 240, copyable: true } }),
    modelType: enumOf('modelCard:fields.modelType', MODEL_TYPES, { list: { width: 140 } }),
    trainer: text('modelCard:fields.trainer', { max: 64, filter: 'equals', list: { width: 110 } }),
    trainingTime: datetime('modelCard:fields.trainingTime', { required: true }),
    trainingSteps: integer('modelCard:fields.trainingSteps', { min: 1, required: true, list: { width: 120, sortable: true } }),
    trainingRecordId: reference('modelCard:fields.trainingRecordId', 'training-record', { list: { width: 200 } }),
    fileName: text('modelCard:fields.fileName', {
      max: 255,
      pattern: [/^[A-Za-z0-9_.-]+$/, 'modelCard:rules.fileName'],
      example: (n) => `policy_step-${n}.ckpt`,
      filter: false,
      list: { width: 220, copyable: true },
    }),
    gitBranch: text('modelCard:fields.gitBranch', { max: 128, filter: 'equals', list: { width: 160 } }),
    gitCommit: text('modelCard:fields.gitCommit', {
      max: 40,
      pattern: [GIT_COMMIT, 'modelCard:rules.gitCommit'],
      example: (n) => n.toString(16).padStart(40, 'a'),
      filter: 'equals',
      list: false,
    }),
  },
});

export type ModelCard = EntityRecord<typeof modelCard>;
