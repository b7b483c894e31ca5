import { useState } from 'react';
import { useLocation } from 'react-router';
import { listRequest } from '../../app/route-data';
import { answeredList } from '../../providers/data';
import { DEDUPE_MS } from '../../providers/query-client';
import type { RouteEntry } from '../../resources/types';

/**
 * The table's query options for a list whose first page has come already, sent with navigation or
 * when its menu item was pointed at: its first render shows the rows rather than a spinner, and the
 * page does not ask again for what just came (issue #11). listRequest is the request the table sends
 * for the address (route-data.test.ts).
 */
export function useFirstPage(list: RouteEntry, resource: string) {
  const { search } = useLocation();
  const [first] = useState(() => answeredList(resource, listRequest(list, search)));
  return first ? { initialData: first.value, initialDataUpdatedAt: first.at, staleTime: DEDUPE_MS } : {};
}
