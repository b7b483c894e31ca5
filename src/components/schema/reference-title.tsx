import { useOne } from '@refinedev/core';
import { Link } from 'react-router';
import { currentPermissions } from '../../providers/permissions';
import { canReadEntity, entityListEntry, recordPath } from '../../resources/index';
import { entityByName } from '../../schemas/index';

/** A reference shown by the title of the record it points at, linking to that record (an id alone where the user may not read it). */
export default function ReferenceTitle({ entity, id }: { entity: string; id: number }) {
  const list = canReadEntity(entity, currentPermissions()) ? entityListEntry(entity) : undefined;
  const { result } = useOne({ resource: list?.fullPath ?? '', id, queryOptions: { enabled: Boolean(list), staleTime: 60_000 } });
  const title = result ? String((result as Record<string, unknown>)[entityByName.get(entity)!.title] ?? id) : `#${id}`;
  const path = list && recordPath(list, 'show', result ?? id);
  return path ? <Link to={path}>{title}</Link> : title;
}
