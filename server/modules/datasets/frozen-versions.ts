import type { AnyEntity } from '../../../model/schemas/engine/types';
import type { Db } from '../../db/tables';
import type { EntityHooks } from '../../engine/hooks';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { refuseWhileReferenced } from './referrers';

/** The record a version belongs to: the field naming it, its id and its space. */
export interface VersionParent {
  field: string;
  id: number;
  tenantId: number;
}

/**
 * Spec §5 "duplicate dataset versions are not allowed": whether `version` is a version name of the
 * record its parent field names already (a dataset's, a structured dataset's), in that record's space.
 */
export async function versionTaken(db: Db, entity: AnyEntity, parent: VersionParent, version: string): Promise<boolean> {
  const taken = await loose(db)
    .selectFrom(entity.table)
    .select('id')
    .where('tenantId', '=', parent.tenantId)
    .where(parent.field, '=', parent.id)
    .where('version', '=', version)
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * What every published version keeps, whatever it versions: nothing updates it (409 `readOnly`), and
 * it is deleted only while nothing points at it, its member rows (their `versionId`) with it.
 */
export const frozenVersionHooks = (version: AnyEntity, member: AnyEntity, readOnly: string): Pick<EntityHooks, 'beforeUpdate' | 'beforeDelete'> => ({
  beforeUpdate: () => {
    throw new ApiError(409, readOnly);
  },
  beforeDelete: async (context, rows) => {
    const ids = rows.map((row) => Number(row.id));
    await refuseWhileReferenced(context.db, version, ids, [member.name]);
    await loose(context.db).deleteFrom(member.table).where('versionId', 'in', ids).execute();
  },
});
