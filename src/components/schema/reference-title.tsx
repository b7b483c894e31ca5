import { useOne } from '@refinedev/core';
import { Link } from 'react-router';
import { entityListEntry, recordPath } from '../../resources/index';
import { entityByName } from '../../schemas/index';

/** A reference shown by the title of the record it points at, linking to that record. */
export default function ReferenceTitle({ entity, id }: { entity: string; id: number }) {
  const list = entityListEntry(entity);
  const { result } = useOne({ resource: list?.fullPath ?? '', id, queryOptions: { enabled: Boolean(list), staleTime: 60_000 } });
  const title = result ? String((result as Record<string, unknown>)[entityByName.get(entity)!.title] ?? id) : `#${id}`;
  const path = list && recordPath(list, 'show', result ?? id);
  return path ? <Link to={path}>{title}</Link> : title;
}
