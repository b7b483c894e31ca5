import { sql } from 'kysely';
import { structuredData, structuredFilesOf } from '../../../model/schemas/structured-data';
import { structuredDataset } from '../../../model/schemas/structured-dataset';
import { structuredDatasetVersion } from '../../../model/schemas/structured-dataset-version';
import { structuredVersionMember } from '../../../model/schemas/structured-version-member';
import { actorName, actorTenant } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { linesHash } from '../datasets/content-hash';
import { frozenVersionHooks, versionTaken } from '../datasets/frozen-versions';

/** A file as a version keeps it: its name, size and SHA-256 (where its bytes lie is the live record's business). */
export interface FrozenFile {
  name: string;
  size: number;
  sha256: string;
}

/** A record's files as a version keeps them, sorted by name (names are ASCII, spec §5): the same files, the same text. */
export const frozenFiles = (files: unknown): FrozenFile[] =>
  structuredFilesOf(files)
    .map(({ name, size, sha256 }) => ({ name, size, sha256 }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** Structured data read and frozen this many at a time: a large dataset's files never sit in memory at once. */
const BATCH = 500;

interface DataRow {
  id: number;
  bagId: number;
  structureType: string;
  version: string;
  robotSn: string;
  leftArmSn: string | null;
  rightArmSn: string | null;
  files: string | null;
}

/** Copies the dataset's structured data as they are now into the version's member rows, in batches by id. */
async function freezeData(context: HookContext, tenantId: number, datasetId: number, versionId: number): Promise<void> {
  const by = actorName(context.actor);
  for (let after = 0; ;) {
    const rows = (await loose(context.db)
      .selectFrom(structuredData.table)
      .select(['id', 'bagId', 'structureType', 'version', 'robotSn', 'leftArmSn', 'rightArmSn', 'files'])
      .where('tenantId', '=', tenantId)
      .where('structuredDatasetId', '=', datasetId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as DataRow[];
    if (rows.length === 0) return;
    const members = rows.map((row) => {
      const files = frozenFiles(row.files);
      return {
        tenantId,
        versionId,
        structuredDataId: Number(row.id),
        bagId: Number(row.bagId),
        structureType: row.structureType,
        version: row.version,
        robotSn: row.robotSn,
        leftArmSn: row.leftArmSn ?? '',
        rightArmSn: row.rightArmSn ?? '',
        files: JSON.stringify(files),
        fileCount: files.length,
        totalSize: files.reduce((sum, file) => sum + file.size, 0),
        createdBy: by,
        updatedBy: by,
        createdTime: context.now,
        updatedTime: context.now,
      };
    });
    await loose(context.db).insertInto(structuredVersionMember.table).values(members).execute();
    after = Number(rows.at(-1)!.id);
  }
}

/**
 * A structured version's content hash: each member's line is its structure type, version, robot and
 * arm SNs and its files (names, sizes and SHA-256s, by name), tab-separated; the lines hashed as a
 * dataset version's are. The same data and files give the same hash, whatever the version's name, the
 * order the data joined, or the database.
 */
export const structuredVersionHash = (context: HookContext, versionId: number): Promise<string> =>
  linesHash(
    context.db,
    sql`select concat_ws(E'\t', coalesce(structure_type, ''), coalesce(version, ''), coalesce(robot_sn, ''), coalesce(left_arm_sn, ''),
        coalesce(right_arm_sn, ''), coalesce(files, '[]')) as line
      from ${sql.table(structuredVersionMember.table)} where version_id = ${versionId}`,
  );

/** The frozen figures of a version: its data, their files and bytes, and the content hash. */
async function figuresOf(context: HookContext, versionId: number) {
  const totals = (await loose(context.db)
    .selectFrom(structuredVersionMember.table)
    .where('versionId', '=', versionId)
    .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(file_count), 0)`.as('files'), sql<string>`coalesce(sum(total_size), 0)`.as('size')])
    .executeTakeFirstOrThrow()) as { count: string; files: string; size: string };
  return {
    dataCount: Number(totals.count),
    fileCount: Number(totals.files),
    totalSize: Number(totals.size),
    contentHash: await structuredVersionHash(context, versionId),
  };
}

/**
 * Publishing a structured dataset's version: creating one freezes the dataset's structured data as
 * they are (each with its files' SHA-256s) and fingerprints them. Spec §5: a version name is used once
 * per dataset (400, in the spec's words). Nothing updates a version afterwards, and it is deleted only
 * while no evaluation names it, its members with it.
 */
export const structuredVersionHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const parent = { field: 'structuredDatasetId', id: Number(input.structuredDatasetId), tenantId: Number(actorTenant(context.actor)) };
    if (await versionTaken(context.db, structuredDatasetVersion, parent, String(input.version)))
      throw new ApiError(409, 'structuredDatasetVersion:errors.duplicate', { version: input.version }, { field: 'version' });
  },
  afterCreate: async (context, record: Values) => {
    const versionId = Number(record.id);
    await freezeData(context, Number(record.tenantId), Number(record.structuredDatasetId), versionId);
    const figures = await figuresOf(context, versionId);
    if (figures.dataCount === 0) throw new ApiError(400, 'structuredDatasetVersion:errors.empty', {}, { field: 'structuredDatasetId' });
    await loose(context.db).updateTable(structuredDatasetVersion.table).set(figures).where('id', '=', versionId).execute();
    // The record the answer and the audit trail carry is the published one, figures and all.
    Object.assign(record, figures);
  },
  ...frozenVersionHooks(structuredDatasetVersion, structuredVersionMember, 'structuredDatasetVersion:errors.readOnly'),
};

/** A structured dataset with published versions stays: its versions name it. */
export const structuredDatasetHooks: EntityHooks = {
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    const versioned = await loose(context.db)
      .selectFrom(structuredDatasetVersion.table)
      .select('id')
      .where('structuredDatasetId', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (versioned) throw new ApiError(409, 'structuredDataset:errors.hasVersions', {}, { field: structuredDataset.title });
  },
};
