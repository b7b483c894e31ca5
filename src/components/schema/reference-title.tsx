import { useOne } from '@refinedev/core';
import { Link } from 'react-router';
import { entityTitle } from '../../app/entity-info';
import { currentPermissions } from '../../providers/permissions';
import { canReadEntity, entityListEntry, listsOf, recordPath } from '../../resources/index';
import type { RouteEntry } from '../../resources/types';

/**
 * Whether a link to a record needs the record: where its list shows by name, or its entity has
 * views (a dc dataset opens under dc-dataset/). Otherwise the id alone makes the path.
 */
const linkNeedsRecord = (list: RouteEntry) => Boolean(list.showBy) || listsOf(list.entity!).some((entry) => entry.preset);

/**
 * A reference shown by the title of the record it points at, which the server sends with the
 * record; it links to that record where the user may read it. The record is fetched only where
 * the link depends on it, and once per record however many cells show it.
 */
export default function ReferenceTitle({ entity, id, title }: { entity: string; id: number; title?: string }) {
  const list = canReadEntity(entity, currentPermissions()) ? entityListEntry(entity) : undefined;
  const fetch = Boolean(list) && (title === undefined || linkNeedsRecord(list!));
  const { result } = useOne({ resource: list?.fullPath ?? '', id, queryOptions: { enabled: fetch, staleTime: 60_000 } });
  const shown = title ?? (result ? String((result as Record<string, unknown>)[entityTitle(entity)] ?? id) : `#${id}`);
  const path = list && recordPath(list, 'show', result ?? id);
  return path ? <Link to={path}>{shown}</Link> : shown;
}
