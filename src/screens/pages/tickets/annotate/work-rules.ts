import { OPEN_STATES } from '../../../../../model/schemas/ticket-work';
import type { Annotation, Item, Job, Label } from '../tickets-api';

/** Whether `me` may annotate the job now: theirs, and open (the server answers 403 or 409 otherwise). */
export const canAnnotate = (job: Job, me: string) => Boolean(me) && job.assignee === me && OPEN_STATES.includes(job.state);

/** The caller's own jobs first, each group by number: they come here to work, a manager to look. */
export const orderJobs = (jobs: readonly Job[], me: string): Job[] =>
  [...jobs].sort((a, b) => Number(b.assignee === me) - Number(a.assignee === me) || a.number - b.number);

/** The job the page opens: the one asked for, else the caller's first open one, else the first listed. */
export function chosenJob(ordered: readonly Job[], wanted: number | null, me: string): Job | undefined {
  return ordered.find((job) => job.id === wanted) ?? ordered.find((job) => canAnnotate(job, me)) ?? ordered[0];
}

/** The one move the assignee makes from the job's state; nothing for anyone else, nor for a submitted or done job. */
export function assigneeMove(job: Job, me: string): 'start' | 'submit' | 'rework' | null {
  if (!me || job.assignee !== me) return null;
  return job.state === 'new' ? 'start' : job.state === 'in_progress' ? 'submit' : job.state === 'rejected' ? 'rework' : null;
}

/** The item `step` places from the current one in the list, staying at either end. */
export function neighbour<T extends { id: number }>(items: readonly T[], id: number | undefined, step: number): T | undefined {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return items[0];
  return items[Math.min(Math.max(index + step, 0), items.length - 1)];
}

/** An item's name: its recording's, as the server titles it, or the recording's id. */
export const itemName = (item: Item) => item.titles?.bagId || `#${item.bagId}`;

/** An annotation's label name: as the server titles it, else from the space's labels. */
export const labelName = (annotation: Annotation, labels: ReadonlyMap<number, Label>) =>
  annotation.titles?.labelId ?? labels.get(annotation.labelId)?.name ?? String(annotation.labelId);

/** A record id from the address (`?job=12`), or none for anything else. */
export const idParam = (value: string | null) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);
