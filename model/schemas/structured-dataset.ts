import { defineEntity, type EntityRecord } from './engine/entity';
import { countOf, enumOf, text, textarea } from './engine/fields';

/** The episode formats bags are converted to for training and evaluation (shared by structured data). */
export const STRUCTURE_TYPES = [
  { value: 'lerobot', label: 'structuredDataset:types.lerobot', color: 'orange' },
  { value: 'hdf5', label: 'structuredDataset:types.hdf5', color: 'blue' },
  { value: 'rlds', label: 'structuredDataset:types.rlds', color: 'purple' },
  { value: 'zarr', label: 'structuredDataset:types.zarr', color: 'cyan' },
];

/**
 * A named set of structured data for evaluation (spec §2 /evaluation/structured/dataset). Its name
 * is unique in the space because the show page's path carries it.
 */
export const structuredDataset = defineEntity({
  name: 'structured-dataset',
  table: 'structured_datasets',
  label: 'structuredDataset:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('structuredDataset:fields.name', { max: 128, pattern: [/^[^/\\]+$/, 'structuredDataset:rules.name'], list: { width: 240, copyable: true } }),
    structureType: enumOf('structuredDataset:fields.structureType', STRUCTURE_TYPES, { list: { width: 140 } }),
    // Kept by the platform as data join the set, never typed in.
    dataCount: countOf('structuredDataset:fields.dataCount', { entity: 'structured-data', field: 'structuredDatasetId' }),
    description: textarea('structuredDataset:fields.description'),
  },
});

export type StructuredDataset = EntityRecord<typeof structuredDataset>;
