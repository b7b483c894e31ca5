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

/** A reference whose title or link needs its record: fetched once per record however many cells show it. */
function FetchedReference({ entity, id, title, list }: Reference & { list: RouteEntry }) {
  const { result } = useOne({ resource: list.fullPath, id, queryOptions: { staleTime: 60_000 } });
  const shown = title ?? (result ? String((result as Record<string, unknown>)[entityTitle(entity)] ?? id) : `#${id}`);
  return linked(list, shown, (result as Record<string, unknown> | undefined) ?? id);
}

/**
 * A reference shown by the title of the record it points at, which the server sends with the
 * record; it links to that record where the user may read it. Only a cell whose link or title
 * depends on the record mounts a query (Refine's useOne is a dozen hooks; a list has hundreds of cells).
 */
export default function ReferenceTitle({ entity, id, title }: Reference) {
  const list = canReadEntity(entity, currentPermissions()) ? entityListEntry(entity) : undefined;
  if (list && (title === undefined || linkNeedsRecord(list))) return <FetchedReference entity={entity} id={id} title={title} list={list} />;
  return linked(list, title ?? `#${id}`, id);
}
