import { z } from 'zod';
import type { EnumOption } from './engine/types';
import { REQUIRED } from './fields';

/** Items per job a manager may choose. */
export const JOB_SIZE = { min: 1, max: 1000 } as const;

/** How long a claimed job stays its claimer's without a touch, in minutes. */
export const CLAIM_IDLE_MINUTES = { min: 5, max: 1440 } as const;

/** How a ticket's jobs reach its team's members. */
export const DISTRIBUTIONS: readonly EnumOption[] = [
  { value: 'manual', label: 'ticket:distribution.manual' },
  { value: 'round_robin', label: 'ticket:distribution.roundRobin' },
  { value: 'fewest_open', label: 'ticket:distribution.fewestOpen' },
  { value: 'claim', label: 'ticket:distribution.claim' },
];

/** A job's states; the open ones wait on their annotator. */
export const JOB_STATES = ['new', 'in_progress', 'submitted', 'rejected', 'done'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const OPEN_STATES: readonly JobState[] = ['new', 'in_progress', 'rejected'];

/** The stage a job is at follows its state: annotating until submitted, then review, then accepted. */
export const stageOf = (state: string) => (state === 'submitted' ? 'review' : state === 'done' ? 'accepted' : 'annotate');

/** Spec §5: a statistics export names 1 to 100 collectors. */
export const COLLECTORS = { min: 1, max: 100 } as const;

/** A manager sends a job back: a reason of the space's list, and a comment. */
export const rejectPayload = z.object({
  reason: z.string().trim().min(1, REQUIRED).max(64, 'validation:maxLength').meta({ label: 'ticketJob:fields.rejectReason' }),
  comment: z.string().trim().max(500, 'validation:maxLength').optional().meta({ label: 'ticketJob:fields.rejectComment' }),
});

/** A manager gives a job to a member of the ticket's team. */
export const assignPayload = z.object({
  assignee: z.string().trim().min(1, REQUIRED).max(64, 'validation:maxLength').meta({ label: 'ticketJob:fields.assignee' }),
});

/** Marking a ticket done while work is open takes a written reason. */
export const markDonePayload = z.object({
  reason: z.string().trim().max(500, 'validation:maxLength').optional().meta({ label: 'ticket:fields.doneReason' }),
});

/** A manager hands a ticket's unassigned jobs out, by its own distribution or the one named. */
export const distributePayload = z
  .object({ mode: z.enum(['round_robin', 'fewest_open'], { error: 'validation:oneOf' }).optional().meta({ label: 'ticket:fields.distribution' }) })
  .optional();

/** One member's work on a ticket (or the whole ticket's, `member` null), as the statistic tab shows it. */
export const workFigures = z.object({
  member: z.string().nullable(),
  jobsAssigned: z.number(),
  itemsAssigned: z.number(),
  jobsDone: z.number(),
  itemsDone: z.number(),
  rejections: z.number(),
  firstPassRate: z.number().nullable(),
  rework: z.number(),
  secondsInProgress: z.number(),
  itemsPerHour: z.number().nullable(),
});
export type WorkFigures = z.infer<typeof workFigures>;

/** A ticket's statistics: per member, the total, items accepted per day, and a finish forecast. */
export const ticketStatistics = z.object({
  members: z.array(workFigures),
  total: workFigures,
  perDay: z.array(z.object({ day: z.string(), member: z.string(), items: z.number() })),
  forecast: z.object({ remainingItems: z.number(), itemsPerDay: z.number().nullable(), finishDate: z.string().nullable() }),
});
export type TicketStatistics = z.infer<typeof ticketStatistics>;
