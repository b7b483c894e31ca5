import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, reference, tags, text } from './engine/fields';
import { STRUCTURE_TYPES } from './structured-dataset';

/**
 * Spec §3 structured data: one raw-data bag converted to an episode format, with the robot (and
 * its left and right arm) that recorded it and the files it is made of.
 */
export const structuredData = defineEntity({
  name: 'structured-data',
  table: 'structured_data',
  label: 'structuredData:_',
  scope: 'tenant',
  title: 'version',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['bagId', 'structureType', 'version']],
  fields: {
    bagId: reference('structuredData:fields.bagId', 'bag', { required: true, list: { width: 280 } }),
    structuredDatasetId: reference('structuredData:fields.structuredDatasetId', 'structured-dataset', { list: { width: 200 } }),
    structureType: enumOf('structuredData:fields.structureType', STRUCTURE_TYPES, { list: { width: 130 } }),
    version: text('structuredData:fields.version', { max: 32, filter: 'equals', list: { width: 90 } }),
    robotSn: text('structuredData:fields.robotSn', { max: 64, filter: 'equals', list: { width: 140 } }),
    leftArmSn: text('structuredData:fields.leftArmSn', { required: false, max: 64, filter: 'equals', list: { width: 140 } }),
    rightArmSn: text('structuredData:fields.rightArmSn', { required: false, max: 64, filter: 'equals', list: { width: 140 } }),
    files: tags('structuredData:fields.files', { required: true, max: 50 }),
  },
});

export type StructuredData = EntityRecord<typeof structuredData>;
