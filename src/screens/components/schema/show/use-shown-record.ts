import { useList, useShow } from '@refinedev/core';
import { BY_NAME_PAGE_SIZE, equalTo, namedRecord } from '../../../../providers/list-params';
import type { EntityRoute } from '../shared/use-entity-route';

type Row = Record<string, unknown> & { id: number };

/** The record a show page is about: by id, or by name where its list shows by name (`showBy`). */
export function useShownRecord({ entry, list, id }: EntityRoute) {
  const showBy = !entry.shows && list.showBy;
  const byId = useShow<Row>({ resource: list.fullPath, id, queryOptions: { enabled: !showBy } });
  const byName = useList<Row>({
    resource: list.fullPath,
    filters: equalTo(showBy || 'id', id),
    pagination: { pageSize: BY_NAME_PAGE_SIZE },
    queryOptions: { enabled: Boolean(showBy) },
  });
  if (!showBy) return { record: byId.result, loading: byId.query.isLoading };
  return { record: namedRecord(byName.result.data, showBy, id), loading: byName.query.isLoading };
}
