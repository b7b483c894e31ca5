import { z } from 'zod';
import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, json, reference, text } from './engine/fields';
import { STRUCTURE_TYPES } from './structured-dataset';

/** At most this many files make one structured data record. */
export const MAX_STRUCTURED_FILES = 50;

/** One file of a record, as the server stored it: its first name, size in bytes, SHA-256 (hex), where it lies and when it came. */
export const structuredFile = z.object({ name: z.string(), size: z.number(), sha256: z.string(), key: z.string(), time: z.string() });
export type StructuredFile = z.infer<typeof structuredFile>;

/** The files kept in a record's `files` text (JSON); anything else reads as none. */
export function structuredFilesOf(text: unknown): StructuredFile[] {
  let value: unknown;
  try {
    value = typeof text === 'string' && text !== '' ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter((item): item is StructuredFile => structuredFile.safeParse(item).success) : [];
}

/**
 * Spec §3 structured data: one raw-data bag converted to an episode format, with the robot (and
 * its left and right arm) that recorded it and the files it is made of. The files are uploaded,
 * never typed: the server keeps each one's size and SHA-256 (server/modules/evaluation).
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
    // [{ name, size, sha256, key, time }], set by the server as files are uploaded (audited as the uploader's update); the record's page lists them.
    files: json('structuredData:fields.files', { edit: false, filter: false, show: false, audited: true, max: 100_000, example: () => '[]' }),
  },
});

export type StructuredData = EntityRecord<typeof structuredData>;
