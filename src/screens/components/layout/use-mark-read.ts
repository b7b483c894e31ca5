import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import { entityListEntry } from '../../../../model/resources/index';
import { api } from '../../../providers/http';

/** Marks notices read, quietly (opening a notice's link says enough), and has the notice lists read again. */
export function useMarkRead() {
  const invalidate = useInvalidate();
  return useCallback(
    async (ids: number[]) => {
      const list = entityListEntry('alarm-notice')!;
      if (!ids.length) return;
      await api.post(`${list.api}/markRead`, { ids });
      await invalidate({ resource: list.fullPath, invalidates: ['list'] });
    },
    [invalidate],
  );
}
