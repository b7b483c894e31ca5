import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, reference, text } from './engine/fields';
import { FILE_NAME } from './limits';

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

/** What the system writes of a card, never a person: a card is made by its training run's success. */
const byRun = { edit: false } as const;

/**
 * Spec §3 model card: a trained model, where it came from (training record, code, data) and its
 * files. A training run's success makes it, or the next version of it (the record's name and a
 * number), with its lineage filled by the system: the run, the trainer, the steps, the code, and
 * the datasets with version (model-card-dataset links). Spec §5: every file name holds digits,
 * letters, underscore, hyphen and period only.
 */
export const modelCard = defineEntity({
  name: 'model-card',
  table: 'model_cards',
  label: 'modelCard:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'trainingTime', order: 'desc' },
  unique: [['name', 'version'], ['instanceId']],
  fields: {
    name: text('modelCard:fields.name', { max: 128, list: { width: 240, copyable: true } }),
    version: integer('modelCard:fields.version', { min: 1, required: false, ...byRun, list: { width: 90, sortable: true } }),
    modelType: enumOf('modelCard:fields.modelType', MODEL_TYPES, { ...byRun, list: { width: 140 } }),
    trainer: text('modelCard:fields.trainer', { max: 64, ...byRun, filter: 'equals', list: { width: 110 } }),
    trainingTime: datetime('modelCard:fields.trainingTime', { required: true, ...byRun }),
    trainingSteps: integer('modelCard:fields.trainingSteps', { min: 1, required: false, ...byRun, list: { width: 120, sortable: true } }),
    trainingRecordId: reference('modelCard:fields.trainingRecordId', 'training-record', { ...byRun, list: { width: 200 } }),
    // The run that made it: its log and metrics stay reachable from the card.
    instanceId: reference('modelCard:fields.instanceId', 'instance', { required: false, ...byRun, list: false }),
    fileName: text('modelCard:fields.fileName', {
      max: 255,
      required: false,
      pattern: [FILE_NAME, 'modelCard:rules.fileName'],
      example: (n) => `policy_step-${n}.ckpt`,
      ...byRun,
      filter: false,
      list: { width: 220, copyable: true },
    }),
    gitBranch: text('modelCard:fields.gitBranch', { max: 128, required: false, ...byRun, filter: 'equals', list: { width: 160 } }),
    gitCommit: text('modelCard:fields.gitCommit', {
      max: 40,
      required: false,
      pattern: [GIT_COMMIT, 'modelCard:rules.gitCommit'],
      example: (n) => n.toString(16).padStart(40, 'a'),
      ...byRun,
      filter: 'equals',
      list: false,
    }),
  },
});

export type ModelCard = EntityRecord<typeof modelCard>;
