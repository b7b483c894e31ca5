import { useList, useShow } from '@refinedev/core';
import type { EntityRoute } from './use-entity-route';

type Row = Record<string, unknown> & { id: number };

/** The record a show page is about: by id, or by name where its list shows by name (`showBy`). */
export function useShownRecord({ entry, list, id }: EntityRoute) {
  const showBy = !entry.shows && list.showBy;
  const byId = useShow<Row>({ resource: list.fullPath, id, queryOptions: { enabled: !showBy } });
  const byName = useList<Row>({
    resource: list.fullPath,
    filters: [{ field: showBy || 'id', operator: 'eq', value: id }],
    pagination: { pageSize: 20 },
    queryOptions: { enabled: Boolean(showBy) },
  });
  if (!showBy) return { record: byId.result, loading: byId.query.isLoading };
  // A name filter may match longer names too; the page is the exact one.
  return { record: byName.result.data.find((row) => String(row[showBy]) === id), loading: byName.query.isLoading };
}
