import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, integer, reference, text, textarea } from './engine/fields';
import { SEMVER } from './limits';

/** Set when publishing, never afterwards. */
const frozen = { edit: false, filter: false } as const;

/**
 * A frozen release of a structured dataset (1.0.0) that evaluations name. Publishing (creating one)
 * copies the dataset's structured data as they are, each with its files' SHA-256s, into the version's
 * own member rows and fingerprints them (server/modules/evaluation), as a dataset's version does its
 * bags; nothing updates a version afterwards, and it is deleted only while nothing points at it.
 * Spec §5: no version twice in a dataset.
 */
export const structuredDatasetVersion = defineEntity({
  name: 'structured-dataset-version',
  table: 'structured_dataset_versions',
  label: 'structuredDatasetVersion:_',
  scope: 'tenant',
  title: 'version',
  sort: { field: 'createdTime', order: 'desc' },
  // The version leads the key so a duplicate's refusal names the version field, not the dataset.
  unique: [['version', 'structuredDatasetId']],
  fields: {
    version: text('structuredDatasetVersion:fields.version', {
      max: 20,
      pattern: [SEMVER, 'structuredDatasetVersion:rules.version'],
      example: (n) => `1.${n}.0`,
      edit: 'create',
      list: { width: 110, copyable: true },
    }),
    structuredDatasetId: reference('structuredDatasetVersion:fields.structuredDatasetId', 'structured-dataset', {
      required: true,
      edit: 'create',
      index: 'btree',
      list: { width: 220 },
    }),
    dataCount: integer('structuredDatasetVersion:fields.dataCount', { ...frozen, list: { sortable: true, width: 110 } }),
    fileCount: integer('structuredDatasetVersion:fields.fileCount', { ...frozen, list: { width: 100 } }),
    totalSize: bytes('structuredDatasetVersion:fields.totalSize', { ...frozen, list: { width: 120 } }),
    // SHA-256 over the members' files (names and SHA-256s), structure and robots, in a fixed order (server/modules/evaluation).
    contentHash: text('structuredDatasetVersion:fields.contentHash', {
      ...frozen,
      required: false,
      max: 64,
      filter: 'equals',
      list: { width: 160, copyable: true, ellipsis: true },
    }),
    description: textarea('structuredDatasetVersion:fields.description', { edit: 'create' }),
  },
});

export type StructuredDatasetVersion = EntityRecord<typeof structuredDatasetVersion>;
