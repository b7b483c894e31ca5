import { useList } from '@refinedev/core';
import { entityListEntry } from '../../../../../model/resources/index';
import { AUDIT_EVENT } from '../../../../../model/schemas/audit-trail';
import { useAllowed } from '../../../hooks/use-allowed';
import { HISTORY_PAGE_SIZE, historyFilters } from '../../../../providers/list-params';

export interface HistoryEvent {
  id: number;
  action: 'create' | 'update' | 'transition' | 'delete';
  transition: string;
  actorKind: 'person' | 'system';
  /** Per field, [before, after] (a create: [null, after]). */
  changes: string;
  createdBy: string;
  createdTime: string;
}

/**
 * The audit trail of one record, newest first: only for those who may read the trail (the space's administrators),
 * and only where it is theirs to read (`ownTrail`).
 */
export function useRecordHistory(entity: string, id: number, ownTrail = true) {
  const list = entityListEntry(AUDIT_EVENT);
  const can = useAllowed(list?.fullPath ?? '', 'list') === true && ownTrail;
  const { result, query } = useList<HistoryEvent>({
    resource: list?.fullPath ?? '',
    filters: historyFilters(entity, id),
    pagination: { pageSize: HISTORY_PAGE_SIZE },
    queryOptions: { enabled: Boolean(can && list) },
  });
  // The trail's own events have none.
  return { visible: can && Boolean(list) && entity !== AUDIT_EVENT, events: result.data, total: result.total ?? 0, loading: query.isFetching, list };
}
