import { z } from 'zod';

/** A duration past a week is a clock gone wrong, not an evaluation episode. */
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** One item an evaluation run tried: the structured data's id, its outcome, how far it got (0-1), how long, and how it failed. */
export const evaluationResult = z.object({
  itemId: z.number({ error: 'validation:invalidType' }).int('validation:integer').positive('validation:min'),
  success: z.boolean({ error: 'validation:invalidType' }),
  progress: z.number({ error: 'validation:invalidType' }).min(0, 'validation:min').max(1, 'validation:max'),
  durationMs: z.number({ error: 'validation:invalidType' }).int('validation:integer').min(0, 'validation:min').max(WEEK_MS, 'validation:max'),
  // A short code the team names its failures by (grasp_slip, timeout).
  failureMode: z
    .string()
    .max(64, 'validation:maxLength')
    .regex(/^[A-Za-z0-9_.-]+$/, 'evaluationRecord:rules.failureMode')
    .nullish(),
});

/** Spec §5: an evaluation filters 1 to 2000 items, so one call carries them all. */
export const evaluationResultsPayload = z.object({ results: z.array(evaluationResult).min(1, 'validation:required').max(2000, 'validation:maxItems') });

export type EvaluationResult = z.infer<typeof evaluationResult>;

const interval = z.object({ low: z.number(), high: z.number() });

/** A row of the evaluation overview: one model on one structured dataset, on one robot with its arms. */
export const overviewRow = z.object({
  modelCardId: z.number(),
  modelName: z.string(),
  modelVersion: z.number().nullable(),
  structuredDatasetId: z.number(),
  structuredDatasetName: z.string(),
  evaluationRecordId: z.number(),
  robotSn: z.string(),
  leftArmSn: z.string(),
  rightArmSn: z.string(),
  trials: z.number(),
  successes: z.number(),
  rate: z.number(),
  ...interval.shape,
  tooFew: z.boolean(),
  meanProgress: z.number(),
  failureModes: z.record(z.string(), z.number()),
  // Against the pinned baseline model on the same dataset and robot: its rate subtracted, with a 95% interval.
  baseline: z.object({ difference: z.number(), ...interval.shape, decided: z.boolean() }).nullable(),
});

export type OverviewRow = z.infer<typeof overviewRow>;

/** Two evaluations of the same items, item by item. */
export const pairwiseAnswer = z.object({
  items: z.number(),
  bothSucceeded: z.number(),
  onlyFirst: z.number(),
  onlySecond: z.number(),
  neither: z.number(),
  difference: z.number(),
  ...interval.shape,
  // 'first' or 'second' when the interval leaves out no difference; null when it cannot tell.
  verdict: z.enum(['first', 'second']).nullable(),
});
