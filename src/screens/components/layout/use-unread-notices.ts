import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import { entityListEntry } from '../../../../model/resources/index';
import { usePresetFilters } from '../schema/shared/use-preset';

/** A notice as the bell reads it (an alarm-notice record: the alarm, its robot, kind and topic as told). */
export interface Notice {
  id: number;
  alarmId: number;
  robotId: number;
  kind: string;
  topic: string;
  alarmTime: string;
  status: string;
  titles?: Record<string, string>;
}

/** The newest unread notices the bell's drawer lists; the badge counts them all. */
const SHOWN = 10;
/**
 * How often the count is read again: spec §9's shortest refresh. Written here, not taken from the lists'
 * refresh select, whose module would bring a select into the shell's first chunk with the bell.
 */
const EVERY_MS = 10_000;

/**
 * The signed-in account's unread alarm notices: the newest few and how many there are, read again
 * every 10 s (react-query pauses while the page is hidden). It is Refine's list of the notices' own
 * view (`account` = the caller), so marking notices read anywhere reads it again. The bell and its
 * drawer share the one query.
 */
export function useUnreadNotices(enabled: boolean) {
  const list = entityListEntry('alarm-notice')!;
  const preset = usePresetFilters(list);
  const filters = useMemo(() => [...preset, { field: 'status', operator: 'eq' as const, value: 'unread' }], [preset]);
  const { result, query } = useList<Notice>({
    resource: list.fullPath,
    filters,
    pagination: { pageSize: SHOWN },
    queryOptions: { enabled, refetchInterval: EVERY_MS },
  });
  return { notices: result.data, total: result.total ?? 0, loading: query.isPending };
}
