import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ticketsApi, type Annotation, type Item, type Label } from '../tickets-api';
import { recordingApi } from './recording-api';
import { canAnnotate, chosenJob, orderJobs } from './work-rules';

/** The page's queries, by what they hold: the writes refresh them by these keys. */
export const annotateKeys = {
  jobs: (ticketId: number) => ['annotate', 'jobs', ticketId] as const,
  items: (jobId: number) => ['annotate', 'items', jobId] as const,
  recording: (itemId: number) => ['annotate', 'recording', itemId] as const,
  annotations: (itemId: number) => ['annotate', 'annotations', itemId] as const,
  labels: (ticketId: number) => ['annotate', 'labels', ticketId] as const,
};

/** The labels a range is marked with; rework labels are a manager's reasons to reject, not marks. */
const MARKS = ['scene', 'quality', 'failure'];

const NO_ITEMS: Item[] = [];
const NO_ANNOTATIONS: Annotation[] = [];
const NO_LABELS: Label[] = [];

/**
 * What the annotating page shows: the ticket's jobs (the caller's first), the chosen job's items, and
 * the chosen item's recording and annotations; the job and item asked for, or the first ones.
 */
export function useAnnotateData(ticketId: number, wanted: { job: number | null; item: number | null }, me: string) {
  const jobsQuery = useQuery({ queryKey: annotateKeys.jobs(ticketId), queryFn: () => ticketsApi.jobs(ticketId), enabled: ticketId > 0 });
  const jobs = useMemo(() => orderJobs(jobsQuery.data?.records ?? [], me), [jobsQuery.data, me]);
  const job = chosenJob(jobs, wanted.job, me);
  const jobId = job?.id ?? 0;
  const itemsQuery = useQuery({ queryKey: annotateKeys.items(jobId), queryFn: () => ticketsApi.items(jobId), enabled: jobId > 0 });
  const items = itemsQuery.data?.records ?? NO_ITEMS;
  const item = items.find((row) => row.id === wanted.item) ?? items[0];
  const itemId = item?.id ?? 0;
  const recordingQuery = useQuery({
    queryKey: annotateKeys.recording(itemId),
    queryFn: () => recordingApi.get(itemId),
    enabled: itemId > 0,
    staleTime: Infinity, // a recording, once parsed, does not change
  });
  const annotationsQuery = useQuery({ queryKey: annotateKeys.annotations(itemId), queryFn: () => ticketsApi.annotations(itemId), enabled: itemId > 0 });
  const labelsQuery = useQuery({ queryKey: annotateKeys.labels(ticketId), queryFn: () => ticketsApi.labels(ticketId, MARKS), staleTime: 5 * 60_000 });
  return {
    jobs,
    job,
    jobsLoading: jobsQuery.isLoading,
    items,
    item,
    itemsLoading: itemsQuery.isLoading,
    recording: recordingQuery.data,
    recordingFailed: recordingQuery.isError,
    annotations: annotationsQuery.data?.records ?? NO_ANNOTATIONS,
    labels: labelsQuery.data?.records ?? NO_LABELS,
    editable: job !== undefined && canAnnotate(job, me),
  };
}
