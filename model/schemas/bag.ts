import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, datetime, decimal, duration, enumOf, json, tags, text, textarea } from './engine/fields';
import { HEX32 } from './limits';

/**
 * Spec §3 raw data bag: one robot recording and what is known of it. The largest table (a tenant
 * may hold a million), so its list sorts by start time with keyset paging and finds names by
 * trigram; the filters the raw-data page uses together have an index.
 */
export const bag = defineEntity({
  name: 'bag',
  table: 'bags',
  label: 'bag:_',
  scope: 'tenant',
  title: 'bagName',
  sort: { field: 'bagStartTime', order: 'desc' },
  // The raw-data page's filters, most selective first, then a robot's recordings (on its page, and
  // filtered by its SN); the dashboard reads daily totals.
  indexes: [['robotType', 'bagStatus', 'qualityLabel'], ['robotSn']],
  rollup: {
    time: 'bagStartTime',
    dimensions: ['robotType', 'bagRegion', 'bagStatus', 'qualityLabel', 'qualitySubLabel'],
    sums: ['bagSize', 'bagDuration'],
  },
  fields: {
    bagName: text('bag:fields.bagName', { index: 'trigram', list: { width: 260, copyable: true } }),
    bagStatus: enumOf('bag:fields.bagStatus', [
      { value: 'good', label: 'bag:status.good', color: 'green' },
      { value: 'bad', label: 'bag:status.bad', color: 'red' },
    ]),
    qualityLabel: enumOf(
      'bag:fields.qualityLabel',
      [
        { value: 'qualified', label: 'bag:quality.qualified', color: 'green' },
        { value: 'unqualified', label: 'bag:quality.unqualified', color: 'red' },
        { value: 'unchecked', label: 'bag:quality.unchecked', color: 'default' },
      ],
      { required: false },
    ),
    qualitySubLabel: text('bag:fields.qualitySubLabel', { required: false, filter: 'equals', max: 64 }),
    qualityDescription: textarea('bag:fields.qualityDescription'),
    labelStatus: enumOf(
      'bag:fields.labelStatus',
      [
        { value: 'labeled', label: 'bag:label.labeled', color: 'blue' },
        { value: 'unlabeled', label: 'bag:label.unlabeled', color: 'default' },
      ],
      { required: false },
    ),
    labelList: tags('bag:fields.labelList'),
    bagSize: bytes('bag:fields.bagSize', { required: true }),
    bagDuration: duration('bag:fields.bagDuration', { required: true }),
    bagStartTime: datetime('bag:fields.bagStartTime', { required: true }),
    bagEndTime: datetime('bag:fields.bagEndTime', { required: true }),
    bagRegion: enumOf('bag:fields.bagRegion', [
      { value: 'suzhou', label: 'bag:region.suzhou' },
      { value: 'beijing', label: 'bag:region.beijing' },
    ]),
    uploadType: enumOf('bag:fields.uploadType', [
      { value: 'manual', label: 'bag:upload.manual' },
      { value: 'auto', label: 'bag:upload.auto' },
    ]),
    bagOssPath: text('bag:fields.bagOssPath', { max: 1024, filter: false, list: false }),
    bagDigest: text('bag:fields.bagDigest', {
      required: false,
      pattern: [HEX32, 'bag:rules.digest'],
      example: (n) => n.toString(16).padStart(32, '0'),
      filter: 'equals',
      list: false,
      index: 'btree', // an upload's start looks its MD5 up among the space's bags
    }),
    robotSn: text('bag:fields.robotSn', { max: 64, filter: 'equals', list: { width: 150 } }),
    robotType: text('bag:fields.robotType', { max: 64, filter: 'equals', list: { width: 120 } }),
    robotPackageName: text('bag:fields.robotPackageName', { required: false, filter: false, list: false }),
    robotPackageBranch: text('bag:fields.robotPackageBranch', { required: false, filter: false, list: false }),
    robotPackageCommit: text('bag:fields.robotPackageCommit', { required: false, max: 64, filter: false, list: false }),
    robotHardwareVersion: text('bag:fields.robotHardwareVersion', { required: false, max: 64, filter: false, list: false }),
    robotSoftwareVersion: text('bag:fields.robotSoftwareVersion', { required: false, max: 64, filter: false, list: false }),
    sceneName: text('bag:fields.sceneName', { required: false, filter: 'equals', list: { width: 160 } }),
    dcSubtaskName: text('bag:fields.dcSubtaskName', { required: false, filter: false, list: false }),
    sceneProjectName: text('bag:fields.sceneProjectName', { required: false, filter: 'equals', list: false }),
    sceneOwner: text('bag:fields.sceneOwner', { required: false, max: 64, filter: false, list: false }),
    teleOperator: text('bag:fields.teleOperator', { required: false, max: 64, filter: 'equals', list: { width: 120 } }),
    teleType: text('bag:fields.teleType', { required: false, max: 64, filter: false, list: false }),
    dcType: text('bag:fields.dcType', { required: false, max: 64, filter: false, list: false }),
    dcPlanId: text('bag:fields.dcPlanId', { required: false, max: 64, filter: false, list: false }),
    dcSubPlanId: text('bag:fields.dcSubPlanId', { required: false, max: 64, filter: false, list: false }),
    modelId: text('bag:fields.modelId', { required: false, max: 64, filter: false, list: false }),
    modelTestResult: text('bag:fields.modelTestResult', { required: false, filter: false, list: false }),
    modelTestScore: decimal('bag:fields.modelTestScore', { max: 100, list: false, filter: false }),
    startAndEndFrameOssObjectKey: text('bag:fields.startAndEndFrameOssObjectKey', { required: false, max: 1024, filter: false, list: false }),
    // What parsing the recording found (server/recordings): per topic its type, encoding, message count and rate.
    topics: json('bag:fields.topics', { max: 1_000_000, edit: false, show: false }),
  },
});

export type Bag = EntityRecord<typeof bag>;
