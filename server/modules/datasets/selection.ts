import { bag } from '../../../model/schemas/bag';
import type { BagSelection } from '../../../model/schemas/curation';
import { TOTAL_CAP } from '../../../model/schemas/limits';
import type { Db } from '../../db/tables';
import { matchingRows } from '../../engine/list-query';
import { inScope, type Scope } from '../../engine/scope';
import { loose } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { parseBagFilter } from './logic-filter';

/**
 * The bags a bulk action names, within what the caller may touch: the selected ids (one out of reach is
 * a 404, as for any record), or all that the raw-data list's filter matches, at most `max` of them
 * (a larger set is refused with its count, rather than cut short without saying).
 */
export async function selectedBags(db: Db, scope: Scope, selection: BagSelection, max = TOTAL_CAP): Promise<Record<string, unknown>[]> {
  if (selection.ids) {
    const ids = [...new Set(selection.ids)];
    if (ids.length > max) throw new ApiError(400, 'curation:errors.tooMany', { max }, { field: 'ids' });
    const rows = (await loose(db).selectFrom(bag.table).selectAll().where('id', 'in', ids).where(inScope(scope)).execute()) as Record<string, unknown>[];
    if (rows.length !== ids.length) throw new ApiError(404, 'errors:notFound');
    return rows;
  }
  const rows = (await matchingRows(db, bag, scope, parseBagFilter(selection.filter ?? {}))
    .selectAll()
    .orderBy('id')
    .limit(max + 1)
    .execute()) as Record<string, unknown>[];
  if (rows.length > max) throw new ApiError(400, 'curation:errors.tooMany', { max }, { field: 'filter' });
  if (rows.length === 0) throw new ApiError(400, 'curation:errors.none', {}, { field: 'filter' });
  return rows;
}
