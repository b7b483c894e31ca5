import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { entityTitle } from '../../app/entity-info';
import { dataProvider } from '../../providers/data';
import { currentPermissions } from '../../providers/permissions';
import { canReadEntity, entityListEntry, listsOf, recordPath } from '../../resources/index';
import type { RouteEntry } from '../../resources/types';

/**
 * Whether a link to a record needs the record: where its list shows by name, or its entity has
 * views (a dc dataset opens under dc-dataset/). Otherwise the id alone makes the path.
 */
const linkNeedsRecord = (list: RouteEntry) => Boolean(list.showBy) || listsOf(list.entity!).some((entry) => entry.preset);

interface Reference {
  entity: string;
  id: number;
  title?: string;
}

/** The reference as a link to its record (where the user may read it), shown by `shown`. */
const linked = (list: RouteEntry | undefined, shown: string, record: number | Record<string, unknown>) => {
  const path = list && recordPath(list, 'show', record);
  return path ? <Link to={path}>{shown}</Link> : shown;
};

/**
 * A reference whose title or link needs its record: fetched once per record however many cells show
 * it. A plain query, not Refine's useOne (a dozen hooks, the URL parsed, per cell), under the key
 * Refine gives that record in that list: Refine's refresh of the record after a write reaches it.
 */
function FetchedReference({ entity, id, title, list }: Reference & { list: RouteEntry }) {
  const { data: record } = useQuery({
    queryKey: ['data', 'default', list.fullPath, 'one', String(id), 'reference'],
    queryFn: async () => (await dataProvider.getOne({ resource: list.fullPath, id })).data as Record<string, unknown>,
    staleTime: 60_000,
  });
  const shown = title ?? (record ? String(record[entityTitle(entity)] ?? id) : `#${id}`);
  return linked(list, shown, record ?? id);
}

/**
 * A reference shown by the title of the record it points at, which the server sends with the
 * record; it links to that record where the user may read it. Only a cell whose link or title
 * depends on the record mounts a query.
 */
export default function ReferenceTitle({ entity, id, title }: Reference) {
  const list = canReadEntity(entity, currentPermissions()) ? entityListEntry(entity) : undefined;
  if (list && (title === undefined || linkNeedsRecord(list))) return <FetchedReference entity={entity} id={id} title={title} list={list} />;
  return linked(list, title ?? `#${id}`, id);
}
