import { useInvalidate } from '@refinedev/core';
import { useLocation } from 'react-router';
import { matchEntry } from '../../../../model/resources/index';

/** Reads the shown ticket again (its status and counts follow its jobs) after a move made on its page. */
export function useRefreshTicket(id: number) {
  const invalidate = useInvalidate();
  const entry = matchEntry(useLocation().pathname)?.entry;
  const resource = entry?.view === 'list' ? entry.fullPath : entry?.list?.fullPath;
  return () => (resource ? invalidate({ resource, id, invalidates: ['detail', 'list'] }) : Promise.resolve());
}
