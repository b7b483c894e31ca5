import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { entityTitle } from '../../../../providers/entity-info';
import { dataProvider } from '../../../../providers/data';
import { currentPermissions } from '../../../../providers/permissions';
import { canReadEntity, entityListEntry, linkFields, recordPath } from '../../../../../model/resources/index';
import type { RouteEntry } from '../../../../../model/resources/types';

interface Reference {
  entity: string;
  id: number;
  title?: string;
  /** What the link needs besides the id (a dataset's name and type): the server sends it with the title where the reader may open the record. */
  link?: Record<string, unknown>;
}

/** The reference as a link to its record (where the user may read it), shown by `shown`. */
const linked = (list: RouteEntry | undefined, shown: string, record: number | Record<string, unknown>) => {
  const path = list && recordPath(list, 'show', record);
  return path ? <Link to={path}>{shown}</Link> : shown;
};

/**
 * A reference that came without its title: its record is fetched once however many cells show it.
 * A plain query, not Refine's useOne (a dozen hooks, the URL parsed, per cell), under the key Refine
 * gives that record in that list: Refine's refresh of the record after a write reaches it.
 */
function FetchedReference({ entity, id, list }: Reference & { list: RouteEntry }) {
  const { data: record } = useQuery({
    queryKey: ['data', 'default', list.fullPath, 'one', String(id), 'reference'],
    queryFn: async () => (await dataProvider.getOne({ resource: list.fullPath, id })).data as Record<string, unknown>,
    staleTime: 60_000,
  });
  const shown = record ? String(record[entityTitle(entity)] ?? id) : `#${id}`;
  return linked(list, shown, record ?? id);
}

/**
 * A reference shown by the title of the record it points at, linked to that record where the user
 * may read it. The server sends the title with the record, and what the link needs besides the id
 * (its view: a dc dataset opens under dc-dataset/, by name) only where the reader may open that
 * record: a title without it is shown unlinked. Only a cell without its title asks.
 */
export default function ReferenceTitle({ entity, id, title, link }: Reference) {
  const readable = canReadEntity(entity, currentPermissions()) ? entityListEntry(entity) : undefined;
  if (readable && title === undefined) return <FetchedReference entity={entity} id={id} list={readable} />;
  const needsRecord = linkFields(entity).length > 0;
  const list = needsRecord && !link ? undefined : readable;
  return linked(list, title ?? `#${id}`, needsRecord ? { ...link, id } : id);
}
