import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REFRESH_INTERVALS, type RefreshInterval } from '../../components/schema/list/refresh-select';
import { api } from '../../../providers/http';
import { entityListEntry } from '../../../../model/resources/index';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import { rangeOf, type DayRange } from './drill-down';

/** The bag totals of the range in the page's URL (last 30 days by default), refreshed at the chosen granularity (spec §9). */
export function useBagTotals() {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const [refresh, setRefresh] = useState<RefreshInterval>('manual');
  const query = useQuery({
    queryKey: ['bag-totals', range.from, range.to],
    queryFn: () => api.get<TotalsReport>(`${entityListEntry('bag')!.api}/totals`, range),
    refetchInterval: REFRESH_INTERVALS[refresh],
  });
  const setRange = (next: DayRange) => setParams({ from: next.from, to: next.to }, { replace: true });
  return { range, setRange, refresh, setRefresh, query };
}
