import { useOne } from '@refinedev/core';
import { Link } from 'react-router';
import { currentPermissions } from '../../providers/permissions';
import { canReadEntity, entityListEntry, recordPath } from '../../resources/index';
import { entityByName } from '../../schemas/index';

/**
 * A reference shown by the title of the record it points at, which the server sends with the
 * record; it links to that record where the user may read it (the record itself decides which
 * view's page it opens on, so it is fetched for the link only).
 */
export default function ReferenceTitle({ entity, id, title }: { entity: string; id: number; title?: string }) {
  const list = canReadEntity(entity, currentPermissions()) ? entityListEntry(entity) : undefined;
  const { result } = useOne({ resource: list?.fullPath ?? '', id, queryOptions: { enabled: Boolean(list), staleTime: 60_000 } });
  const shown = title ?? (result ? String((result as Record<string, unknown>)[entityByName.get(entity)!.title] ?? id) : `#${id}`);
  const path = list && recordPath(list, 'show', result ?? id);
  return path ? <Link to={path}>{shown}</Link> : shown;
}
