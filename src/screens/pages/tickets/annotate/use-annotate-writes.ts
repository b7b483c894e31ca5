import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../../providers/notifier';
import { useBusy } from '../../../hooks/use-busy';
import { ticketsApi, type Annotation, type Item, type Job } from '../tickets-api';
import { valuesOf, type RangeDraft } from './range-draft';
import { annotateKeys } from './use-annotate-data';

type Page<T> = { records: T[]; total: number };

/**
 * The assignee's writes on the chosen job and item. Each resolves to whether it went through; why one
 * failed the HTTP layer has told already (the notifier).
 */
export function useAnnotateWrites(ticketId: number, job: Job | undefined, item: Item | undefined) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { busy, whileBusy } = useBusy();
  const jobId = job?.id ?? 0;
  const itemId = item?.id ?? 0;

  // A refusal means the page is behind the server (the job was submitted or given away meanwhile, the
  // record changed elsewhere): what it holds now is shown, read-only where it has to be.
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: annotateKeys.jobs(ticketId) });
    void client.invalidateQueries({ queryKey: annotateKeys.items(jobId) });
    void client.invalidateQueries({ queryKey: annotateKeys.annotations(itemId) });
  }, [client, ticketId, jobId, itemId]);

  // The server starts a new job and reworks a rejected one on its first change: the job's state (and
  // its Submit) follows.
  const jobMayHaveMoved = useCallback(
    () => (job?.state === 'new' || job?.state === 'rejected' ? client.invalidateQueries({ queryKey: annotateKeys.jobs(ticketId) }) : undefined),
    [client, job?.state, ticketId],
  );

  const attempt = useCallback(
    async (action: () => Promise<unknown>) => {
      let done = false;
      await whileBusy(async () => {
        await action();
        done = true;
      }, refresh);
      return done;
    },
    [whileBusy, refresh],
  );

  const saveAnnotation = (draft: RangeDraft) =>
    attempt(async () => {
      if (draft.editing) await ticketsApi.updateAnnotation(draft.editing, valuesOf(draft));
      else await ticketsApi.createAnnotation({ itemId, ...valuesOf(draft) });
      await Promise.all([client.invalidateQueries({ queryKey: annotateKeys.annotations(itemId) }), jobMayHaveMoved()]);
    });

  const deleteAnnotation = (annotation: Annotation) =>
    attempt(async () => {
      await ticketsApi.deleteAnnotation(annotation.id);
      notifier.success(t('annotate:annotations.deleted'));
      await Promise.all([client.invalidateQueries({ queryKey: annotateKeys.annotations(itemId) }), jobMayHaveMoved()]);
    });

  const judge = (qualityLabel: string, qualitySubLabel: string) =>
    attempt(async () => {
      if (!item) return;
      const saved = await ticketsApi.updateItem(item, { qualityLabel, qualitySubLabel });
      // The answer is the item as stored (its new updatedTime for the next change); the list keeps its titles.
      client.setQueryData<Page<Item>>(annotateKeys.items(jobId), (page) =>
        page ? { ...page, records: page.records.map((row) => (row.id === saved.id ? { ...row, ...saved } : row)) } : page,
      );
      await jobMayHaveMoved();
    });

  const move = (action: 'start' | 'submit' | 'rework') =>
    attempt(async () => {
      await ticketsApi.move(action, jobId);
      notifier.success(t(`annotate:move.done.${action}`));
      await client.invalidateQueries({ queryKey: annotateKeys.jobs(ticketId) });
    });

  return { busy, saveAnnotation, deleteAnnotation, judge, move };
}

export type AnnotateWrites = ReturnType<typeof useAnnotateWrites>;
