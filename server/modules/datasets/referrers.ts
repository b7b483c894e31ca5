import { fieldEntries } from '../../../model/schemas/engine/entity';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { entities } from '../../../model/schemas/index';
import type { Db } from '../../db/tables';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';

/** Every reference field of every entity that points at `target`, but for the parts that go with it. */
const referencesTo = (target: string, parts: readonly string[]) =>
  entities.flatMap((entity) =>
    parts.includes(entity.name) ? [] : fieldEntries(entity).flatMap(([name, field]) => (field.reference === target ? [{ entity, name }] : [])),
  );

/**
 * Refuses to delete records something else still points at (a version a training set, a processing run
 * or a later version names): 409 naming what points at it. Found from the declarations, so a new entity
 * that names a version is guarded the moment it is declared.
 */
export async function refuseWhileReferenced(db: Db, target: AnyEntity, ids: number[], parts: readonly string[] = []): Promise<void> {
  if (ids.length === 0) return;
  for (const { entity, name } of referencesTo(target.name, parts)) {
    const found = await loose(db)
      .selectFrom(entity.table)
      .select('id')
      .where(name, 'in', ids)
      .where('id', 'not in', entity === target ? ids : [0])
      .limit(1)
      .executeTakeFirst();
    if (found) throw new ApiError(409, 'errors:inUse', { label: target.label, by: entity.label }, { field: name });
  }
}
