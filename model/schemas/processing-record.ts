import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, duration, enumOf, integer, json, reference, text, textarea } from './engine/fields';
import { runStart, runStatus } from './run-status';

/** Followed from the run, never typed. */
const fromRun = { edit: false, filter: false } as const;

/**
 * A data-processing run: the space's processing task run over a dataset version (all its members,
 * or 1 to 2000 of them picked by a filter of the version's members). The run gets the members'
 * manifest as a file; the record's state, times and duration follow its instance
 * (server/modules/datasets), and what the run hands back (files, a new version) is recorded on it.
 */
export const processingRecord = defineEntity({
  name: 'processing-record',
  table: 'processing_records',
  label: 'processingRecord:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  fields: {
    name: text('processingRecord:fields.name', { max: 128, list: { width: 220 } }),
    datasetVersionId: reference('processingRecord:fields.datasetVersionId', 'dataset-version', {
      required: true,
      edit: 'create',
      index: 'btree',
      list: { width: 110 },
    }),
    // The version's dataset, set from it: the dataset's page lists its processing records.
    datasetId: reference('processingRecord:fields.datasetId', 'dataset', { edit: false, index: 'btree', list: { width: 220 } }),
    taskId: reference('processingRecord:fields.taskId', 'task', { required: true, edit: 'create', list: { width: 180 } }),
    // The version members' list filters (qualityLabel, labelList, robotType, bagName); empty: every member.
    memberFilter: json('processingRecord:fields.memberFilter', { max: 4096, edit: 'create', help: 'processingRecord:help.memberFilter', example: () => '{}' }),
    filteredDataCount: integer('processingRecord:fields.filteredDataCount', { ...fromRun, list: { sortable: true, width: 120 } }),
    status: enumOf('processingRecord:fields.status', runStatus('processingRecord'), { initial: 'pending' }),
    progress: integer('processingRecord:fields.progress', { ...fromRun, max: 100, list: { width: 100 } }),
    instanceId: reference('processingRecord:fields.instanceId', 'instance', { ...fromRun, list: { width: 160 } }),
    startedTime: datetime('processingRecord:fields.startedTime', fromRun),
    finishedTime: datetime('processingRecord:fields.finishedTime', fromRun),
    duration: duration('processingRecord:fields.duration', { ...fromRun, list: { width: 110 } }),
    // What the run handed back: a new version of the dataset (its parent the input), and files under this prefix.
    outputVersionId: reference('processingRecord:fields.outputVersionId', 'dataset-version', { ...fromRun, list: { width: 110 } }),
    outputPath: text('processingRecord:fields.outputPath', { ...fromRun, required: false, max: 1024, list: false }),
    // The files the run stored there: [{ name, size }], each downloadable from the record's page.
    outputFiles: json('processingRecord:fields.outputFiles', { ...fromRun, max: 100_000, show: false }),
    description: textarea('processingRecord:fields.description'),
  },
  states: { field: 'status', actions: runStart('processingRecord'), live: ['pending', 'processing'] },
});

export type ProcessingRecord = EntityRecord<typeof processingRecord>;
