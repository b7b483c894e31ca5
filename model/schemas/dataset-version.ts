import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, duration, integer, reference, text, textarea } from './engine/fields';
import { SEMVER } from './limits';

/** Set when publishing, never afterwards. */
const frozen = { edit: false, filter: false } as const;

/**
 * A frozen release of a dataset (1.2.0) that training sets, processing runs and model cards name.
 * Publishing (creating one) copies the dataset's members as they are into the version's own member
 * rows and fingerprints them (server/modules/datasets); nothing updates a version afterwards, and it
 * is deleted only while nothing points at it. Spec §5: no version twice in a dataset.
 */
export const datasetVersion = defineEntity({
  name: 'dataset-version',
  table: 'dataset_versions',
  label: 'datasetVersion:_',
  scope: 'tenant',
  title: 'version',
  sort: { field: 'createdTime', order: 'desc' },
  // The version leads the key so a duplicate's 409 names the version field, not the dataset.
  unique: [['version', 'datasetId']],
  fields: {
    version: text('datasetVersion:fields.version', {
      max: 20,
      pattern: [SEMVER, 'datasetVersion:rules.version'],
      example: (n) => `1.${n}.0`,
      edit: 'create',
      list: { width: 110, copyable: true },
    }),
    datasetId: reference('datasetVersion:fields.datasetId', 'dataset', { required: true, edit: 'create', index: 'btree', list: { width: 220 } }),
    parentId: reference('datasetVersion:fields.parentId', 'dataset-version', { ...frozen, list: { width: 110 } }),
    bagCount: integer('datasetVersion:fields.bagCount', { ...frozen, list: { sortable: true, width: 110 } }),
    totalDuration: duration('datasetVersion:fields.totalDuration', { ...frozen, list: { width: 120 } }),
    totalSize: bytes('datasetVersion:fields.totalSize', { ...frozen, list: { width: 120 } }),
    // SHA-256 over the members' MD5s, clips and labels in a fixed order (server/modules/datasets/content-hash.ts).
    contentHash: text('datasetVersion:fields.contentHash', {
      ...frozen,
      required: false,
      max: 64,
      filter: 'equals',
      list: { width: 160, copyable: true, ellipsis: true },
    }),
    description: textarea('datasetVersion:fields.description', { edit: 'create' }),
  },
});

export type DatasetVersion = EntityRecord<typeof datasetVersion>;
