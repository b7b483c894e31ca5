import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, integer, reference, text } from './engine/fields';
import { runStart, runStatus } from './run-status';

/** Percent done, reported by the runner rather than typed in. */
export const progress = (label: string) => ({ ...integer(label, { min: 0, max: 100, edit: false, filter: false, list: { width: 100 } }), initial: 0 });

/**
 * Spec §3 model export: a model card compiled on a compile server into a deployable model (Ascend
 * ATC → OM, TensorRT → engine, or plain ONNX). The runner reports status and progress 0-100.
 */
export const modelExport = defineEntity({
  name: 'model-export',
  table: 'model_exports',
  label: 'modelExport:_',
  scope: 'tenant',
  title: 'targetModelId',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['targetModelId']],
  fields: {
    targetModelId: text('modelExport:fields.targetModelId', {
      max: 128,
      pattern: [/^[A-Za-z0-9_.-]+$/, 'modelExport:rules.targetModelId'],
      example: (n) => `act_export-${n}`,
      list: { width: 260, copyable: true },
    }),
    sourceModelId: reference('modelExport:fields.sourceModelId', 'model-card', { required: true, index: 'btree', list: { width: 240 } }),
    exportType: enumOf('modelExport:fields.exportType', [
      { value: 'atc', label: 'modelExport:exportTypes.atc', color: 'red' },
      { value: 'tensorrt', label: 'modelExport:exportTypes.tensorrt', color: 'green' },
      { value: 'onnx', label: 'modelExport:exportTypes.onnx', color: 'blue' },
    ]),
    targetModelType: enumOf('modelExport:fields.targetModelType', [
      { value: 'om', label: 'modelExport:targetTypes.om', color: 'volcano' },
      { value: 'engine', label: 'modelExport:targetTypes.engine', color: 'lime' },
      { value: 'onnx', label: 'modelExport:targetTypes.onnx', color: 'geekblue' },
    ]),
    compileServerId: reference('modelExport:fields.compileServerId', 'compile-server', { required: true, index: 'btree', list: { width: 180 } }),
    status: enumOf('modelExport:fields.status', runStatus('modelExport'), { initial: 'pending' }),
    progress: progress('modelExport:fields.progress'),
  },
  progress: ['progress'],
  states: { field: 'status', actions: runStart('modelExport'), live: ['processing'] },
});

export type ModelExport = EntityRecord<typeof modelExport>;
