import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, integer, json, reference } from './engine/fields';
import { structuredData } from './structured-data';

/** Copied from the structured data when the version is published; nobody edits a member. */
const frozen = { edit: false } as const;
const { bagId, structureType, version, robotSn, leftArmSn, rightArmSn } = structuredData.fields;

/**
 * One member of a published structured dataset version, as it was at publishing: the structured
 * data, its bag, structure and robots, and its files (name, size, SHA-256). Its filters are the
 * structured data list's, by the same names, so one saved filter picks from either (an evaluation's
 * items). Written only by publishing: data changed or files replaced later leave the version as it was.
 */
export const structuredVersionMember = defineEntity({
  name: 'structured-version-member',
  table: 'structured_version_members',
  label: 'structuredVersionMember:_',
  scope: 'tenant',
  title: 'version',
  sort: { field: 'structuredDataId', order: 'asc' },
  belongsTo: 'versionId',
  listedWithin: 'versionId',
  fields: {
    // Named when the row is made (by publishing alone: the list grants nobody a create).
    versionId: reference('structuredVersionMember:fields.versionId', 'structured-dataset-version', { edit: 'create', required: true, list: false }),
    structuredDataId: reference('structuredVersionMember:fields.structuredDataId', 'structured-data', {
      edit: 'create',
      required: true,
      filter: false,
      list: { width: 120 },
    }),
    bagId: { ...bagId, edit: 'create', label: 'structuredVersionMember:fields.bagId' },
    structureType: { ...structureType, ...frozen, label: 'structuredVersionMember:fields.structureType' },
    version: { ...version, ...frozen, label: 'structuredVersionMember:fields.version' },
    robotSn: { ...robotSn, ...frozen, label: 'structuredVersionMember:fields.robotSn' },
    leftArmSn: { ...leftArmSn, ...frozen, label: 'structuredVersionMember:fields.leftArmSn' },
    rightArmSn: { ...rightArmSn, ...frozen, label: 'structuredVersionMember:fields.rightArmSn' },
    fileCount: integer('structuredVersionMember:fields.fileCount', { ...frozen, filter: false, list: { width: 90 } }),
    totalSize: bytes('structuredVersionMember:fields.totalSize', { ...frozen, filter: false, list: { width: 110 } }),
    // [{ name, size, sha256 }] sorted by name: what the version's hash and an evaluation's items.json read.
    files: json('structuredVersionMember:fields.files', { ...frozen, filter: false, show: true, max: 100_000, example: () => '[]' }),
  },
});

export type StructuredVersionMember = EntityRecord<typeof structuredVersionMember>;
