import { dataset } from '../../../model/schemas/dataset';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { versionMember } from '../../../model/schemas/version-member';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';

const BATCH = 5000;

/** One member of a manifest: the bag, its file and clip, its labels as published. */
const entryOf = (row: Record<string, unknown>) => ({
  bagId: Number(row.bagId),
  bagName: row.bagName,
  md5: row.bagDigest || null,
  objectPath: row.bagOssPath || null,
  clipStart: row.clipStart === null ? null : Number(row.clipStart),
  clipEnd: row.clipEnd === null ? null : Number(row.clipEnd),
  durationSeconds: Number(row.bagDuration ?? 0),
  sizeBytes: Number(row.bagSize ?? 0),
  robotType: row.robotType || null,
  qualityLabel: row.qualityLabel || null,
  qualitySubLabel: row.qualitySubLabel || null,
  labels: row.labelList ?? [],
});

export type ManifestEntry = ReturnType<typeof entryOf>;

/** A version's members a batch at a time, by bag id, optionally only those these bag ids name. */
export async function* versionMembers(db: Db, versionId: number, bagIds?: readonly number[]): AsyncGenerator<ManifestEntry[]> {
  let after = 0;
  for (;;) {
    let query = loose(db).selectFrom(versionMember.table).selectAll().where('versionId', '=', versionId).where('bagId', '>', after);
    if (bagIds) query = query.where('bagId', 'in', bagIds.length ? [...bagIds] : [0]);
    const rows = (await query.orderBy('bagId').limit(BATCH).execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows.map(entryOf);
    after = Number(rows.at(-1)!.bagId);
  }
}

/**
 * A version's manifest as JSON text, a piece at a time (100,000 members never sit in memory at once):
 * the dataset, the version and its content hash, then every member's bag id, name, MD5, object path,
 * clip and labels. What a processing run is handed and what the version page downloads.
 */
export async function* manifestText(db: Db, versionId: number, bagIds?: readonly number[]): AsyncGenerator<string> {
  const version = (await loose(db).selectFrom(datasetVersion.table).selectAll().where('id', '=', versionId).executeTakeFirstOrThrow()) as Record<
    string,
    unknown
  >;
  const owner = (await loose(db).selectFrom(dataset.table).select(['id', 'name', 'datasetType']).where('id', '=', version.datasetId).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  const head = {
    dataset: { id: Number(version.datasetId), name: owner?.name ?? null, type: owner?.datasetType ?? null },
    version: version.version,
    versionId,
    parentVersionId: version.parentId === null ? null : Number(version.parentId),
    contentHash: version.contentHash,
    publishedBy: version.createdBy,
    publishedTime: (version.createdTime as Date).toISOString(),
  };
  yield `${JSON.stringify(head).slice(0, -1)},"members":[`;
  let first = true;
  for await (const batch of versionMembers(db, versionId, bagIds)) {
    yield (first ? '' : ',') + batch.map((entry) => JSON.stringify(entry)).join(',');
    first = false;
  }
  yield ']}\n';
}

/** The whole manifest as one string (a run's file). */
export async function manifestString(db: Db, versionId: number, bagIds?: readonly number[]): Promise<string> {
  let text = '';
  for await (const piece of manifestText(db, versionId, bagIds)) text += piece;
  return text;
}
