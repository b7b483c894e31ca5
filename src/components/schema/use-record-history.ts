import { useList } from '@refinedev/core';
import { entityListEntry } from '../../resources/index';
import { auditEvent } from '../../schemas/index';
import { useAllowed } from '../../hooks/use-allowed';

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

const PAGE = 20;

/** The audit trail of one record, newest first: only for those who may read the trail (the space's administrators). */
export function useRecordHistory(entity: string, id: number) {
  const list = entityListEntry(auditEvent.name);
  const can = useAllowed(list?.fullPath ?? '', 'list') === true;
  const { result, query } = useList<HistoryEvent>({
    resource: list?.fullPath ?? '',
    filters: [
      { field: 'entity', operator: 'eq', value: entity },
      { field: 'recordId', operator: 'eq', value: id },
    ],
    pagination: { pageSize: PAGE },
    queryOptions: { enabled: Boolean(can && list) },
  });
  // The trail's own events have none.
  return { visible: can && Boolean(list) && entity !== auditEvent.name, events: result.data, total: result.total ?? 0, loading: query.isFetching, list };
}
