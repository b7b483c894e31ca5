import { bag } from './bag';
import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, duration, reference, tags, text } from './engine/fields';

/** Copied from the bag when the version is published; nobody edits a member. */
const frozen = { edit: false } as const;

/**
 * One member of a published dataset version, as it was at publishing: the bag, its clip, its file
 * (MD5 and object path) and its quality labels. The version's manifest and diff read these rows, so
 * a bag relabelled or deleted later leaves the version as it was. Written only by publishing.
 */
export const versionMember = defineEntity({
  name: 'version-member',
  table: 'version_members',
  label: 'versionMember:_',
  scope: 'tenant',
  title: 'bagName',
  // Every index a 100,000-member publish writes costs it time: one index, a version's members in bag
  // order, serves its lists; publishing alone writes members, and it writes each bag once.
  sort: { field: 'bagId', order: 'asc' },
  belongsTo: 'versionId',
  listedWithin: 'versionId',
  fields: {
    // Named when the row is made (by publishing alone: the list grants nobody a create).
    versionId: reference('versionMember:fields.versionId', 'dataset-version', { edit: 'create', required: true, list: false }),
    bagId: reference('versionMember:fields.bagId', 'bag', { edit: 'create', required: true, list: { width: 120 } }),
    bagName: text('versionMember:fields.bagName', { ...frozen, list: { width: 260, copyable: true } }),
    bagDigest: text('versionMember:fields.bagDigest', {
      ...frozen,
      required: false,
      max: 32,
      filter: 'equals',
      list: { width: 150, ellipsis: true, copyable: true },
    }),
    bagOssPath: text('versionMember:fields.bagOssPath', { ...frozen, required: false, max: 1024, filter: false, list: false }),
    clipStart: duration('versionMember:fields.clipStart', { ...frozen, filter: false, list: { width: 100 } }),
    clipEnd: duration('versionMember:fields.clipEnd', { ...frozen, filter: false, list: { width: 100 } }),
    bagDuration: duration('versionMember:fields.bagDuration', { ...frozen, filter: false, list: { width: 110 } }),
    bagSize: bytes('versionMember:fields.bagSize', { ...frozen, filter: false, list: { width: 110 } }),
    qualityLabel: { ...bag.fields.qualityLabel, ...frozen, label: 'versionMember:fields.qualityLabel' },
    qualitySubLabel: text('versionMember:fields.qualitySubLabel', { ...frozen, required: false, max: 64, filter: 'equals', list: { width: 140 } }),
    // Filtered within one version (its own index range): no GIN index to keep up at publishing.
    labelList: { ...tags('versionMember:fields.labelList', { ...frozen, filter: 'tagContains' }), index: undefined },
    robotType: text('versionMember:fields.robotType', { ...frozen, required: false, max: 64, filter: 'equals', list: { width: 110 } }),
  },
});

export type VersionMember = EntityRecord<typeof versionMember>;
