import { useInvalidate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../providers/http';
import { notifier } from '../../../../providers/notifier';
import type { RouteEntry } from '../../../../../model/resources/types';

/** Runs a declared transition (or delete) on a selection of records, then refreshes the list and the records. */
export function useEntityMutation(list: RouteEntry) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ action, ids }: { action: string; ids: number[] }) => api.post(`${list.api}/${action}`, { ids }),
    onSuccess: (_data, { action }) => {
      notifier.success(t(action === 'delete' ? 'common:deleted' : 'common:done'));
      void invalidate({ resource: list.fullPath, invalidates: ['list', 'many', 'detail'] });
    },
  });
}
