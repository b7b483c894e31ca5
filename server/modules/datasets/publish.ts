import { sql } from 'kysely';
import { bag } from '../../../model/schemas/bag';
import { dataset } from '../../../model/schemas/dataset';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { versionMember } from '../../../model/schemas/version-member';
import { actorName, actorTenant } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { snake } from '../../engine/naming';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { versionHash } from './content-hash';
import { frozenVersionHooks, versionTaken } from './frozen-versions';
import { CLIP, currentMembers, MEMBER_COLUMNS, type DatasetRow } from './members';

async function datasetOf(context: HookContext, id: number): Promise<DatasetRow> {
  const found = (await loose(context.db)
    .selectFrom(dataset.table)
    .select(['id', 'tenantId', 'datasetType', 'filter'])
    .where('id', '=', id)
    .where('tenantId', '=', actorTenant(context.actor))
    .executeTakeFirst()) as DatasetRow | undefined;
  if (!found) throw new ApiError(400, 'validation:reference', { label: datasetVersion.fields.datasetId.label }, { field: 'datasetId' });
  return { ...found, id: Number(found.id), tenantId: Number(found.tenantId) };
}

/** Copies the dataset's members as they are now into the version's own rows: one statement, whatever their number. */
async function freezeMembers(context: HookContext, source: DatasetRow, versionId: number): Promise<void> {
  const by = actorName(context.actor);
  const members = currentMembers(context.db, source).select([
    sql<number>`${source.tenantId}::bigint`.as('tenantId'),
    sql<number>`${versionId}::bigint`.as('versionId'),
    sql<string>`${by}::text`.as('createdBy'),
    sql<string>`${by}::text`.as('updatedBy'),
    sql<Date>`${context.now}::timestamptz`.as('createdTime'),
    sql<Date>`${context.now}::timestamptz`.as('updatedTime'),
  ]);
  await loose(context.db)
    .insertInto(versionMember.table)
    .columns([...MEMBER_COLUMNS, 'tenantId', 'versionId', 'createdBy', 'updatedBy', 'createdTime', 'updatedTime'])
    .expression(members)
    .execute();
}

/** A member a run hands back: a bag of the space, with a clip or without. */
export interface GivenMember {
  bagId: number;
  clipStart?: number | null;
  clipEnd?: number | null;
}

/**
 * Freezes the members a processing run handed back instead of the dataset's current ones, each bag
 * once (its first clip); a bag not of the space refuses the whole version.
 */
async function freezeGiven(context: HookContext, tenantId: number, versionId: number, given: GivenMember[]): Promise<void> {
  const by = actorName(context.actor);
  const rows = JSON.stringify(given.map((member) => ({ bag_id: member.bagId, clip_start: member.clipStart ?? null, clip_end: member.clipEnd ?? null })));
  // Each member column is the bag's, but for the bag id and the clip, which are the run's.
  const picked = MEMBER_COLUMNS.map((column) => (column === 'bagId' ? 'b.id' : CLIP.has(column) ? `m.${snake(column)}` : `b.${snake(column)}`));
  const inserted = await sql`
    insert into ${sql.table(versionMember.table)} (tenant_id, version_id, ${sql.raw(MEMBER_COLUMNS.map(snake).join(', '))}, created_by, updated_by, created_time, updated_time)
    select b.tenant_id, ${versionId}, ${sql.raw(picked.join(', '))}, ${by}, ${by}, ${context.now}, ${context.now}
    from (select distinct on (bag_id) * from rows from (json_to_recordset(${rows}::json) as (bag_id bigint, clip_start bigint, clip_end bigint))
      with ordinality as m(bag_id, clip_start, clip_end, position) order by bag_id, position) m
    join ${sql.table(bag.table)} b on b.id = m.bag_id and b.tenant_id = ${tenantId}`.execute(context.db);
  if (Number(inserted.numAffectedRows ?? 0) !== new Set(given.map((member) => member.bagId)).size)
    throw new ApiError(400, 'datasetVersion:errors.unknownBags', {}, { field: 'members' });
}

/** The frozen figures of a version: members, their total duration (a clip's own length) and size, and the content hash. */
async function figuresOf(context: HookContext, versionId: number) {
  const totals = (await loose(context.db)
    .selectFrom(versionMember.table)
    .where('versionId', '=', versionId)
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(coalesce(clip_end - clip_start, bag_duration)), 0)`.as('duration'),
      sql<string>`coalesce(sum(bag_size), 0)`.as('size'),
    ])
    .executeTakeFirstOrThrow()) as { count: string; duration: string; size: string };
  return {
    bagCount: Number(totals.count),
    totalDuration: Number(totals.duration),
    totalSize: Number(totals.size),
    contentHash: await versionHash(context.db, versionId),
  };
}

/**
 * Publishing: creating a version freezes the dataset's members as they are (a logic dataset's, the
 * filter's result at this moment), names the dataset's latest version its parent, and fingerprints the
 * content. Spec §5: a version name is used once per dataset. Nothing updates a version afterwards (its
 * list grants no update), and it is deleted only while nothing points at it, its members with it.
 */
export const versionHooks: EntityHooks = {
  beforeCreate: async (context, input) => {
    const source = await datasetOf(context, Number(input.datasetId));
    if (await versionTaken(context.db, datasetVersion, { field: 'datasetId', id: source.id, tenantId: source.tenantId }, String(input.version)))
      throw new ApiError(409, 'datasetVersion:errors.duplicate', { version: input.version }, { field: 'version' });
    const parent = (await loose(context.db)
      .selectFrom(datasetVersion.table)
      .select('id')
      .where('datasetId', '=', source.id)
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()) as { id: number } | undefined;
    // A run's output version names its input as parent (the system passes it); a person's, the latest.
    return { parentId: input.parentId ?? (parent ? Number(parent.id) : null) };
  },
  afterCreate: async (context, record: Values, given: Values) => {
    const versionId = Number(record.id);
    const source = await datasetOf(context, Number(record.datasetId));
    if (Array.isArray(given.members)) await freezeGiven(context, source.tenantId, versionId, given.members as GivenMember[]);
    else await freezeMembers(context, source, versionId);
    const figures = await figuresOf(context, versionId);
    if (figures.bagCount === 0) throw new ApiError(400, 'datasetVersion:errors.empty', {}, { field: 'datasetId' });
    await loose(context.db).updateTable(datasetVersion.table).set(figures).where('id', '=', versionId).execute();
    // The record the answer and the audit trail carry is the published one, figures and all.
    Object.assign(record, figures);
  },
  ...frozenVersionHooks(datasetVersion, versionMember, 'datasetVersion:errors.readOnly'),
};
