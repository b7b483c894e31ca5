import { useState } from 'react';
import { useLocation } from 'react-router';
import { listRequest } from '../../../../boot/route-data';
import { answeredList } from '../../../../providers/data';
import { DEDUPE_MS } from '../../../../providers/query-client';
import type { RouteEntry } from '../../../../../model/resources/types';

/**
 * The table's query options for a list whose first page has come already, sent with navigation or
 * when its menu item was pointed at: its first render shows the rows rather than a spinner, and the
 * page does not ask again for what just came. listRequest is the request the table sends
 * for the address (route-data.test.ts). The page is handed over once: the query of another page,
 * sort or filter starts empty and asks. An answer is taken at most EARLY_REQUEST_MS after it came.
 */
export function useFirstPage(list: RouteEntry, resource: string) {
  const { search } = useLocation();
  const [options] = useState(() => {
    let first = answeredList(resource, listRequest(list, search));
    if (!first) return {};
    const handOver = () => {
      const page = first?.value;
      first = undefined;
      return page;
    };
    // Fresh from now, not from when it came: on a slow device the page's code came more than the
    // dedupe time after it, and the table asked again for the rows it had (a request, two renders).
    return { initialData: handOver, initialDataUpdatedAt: Date.now(), staleTime: DEDUPE_MS };
  });
  return options;
}
