import { z } from 'zod';

/**
 * A model's newest finished (successful) evaluation on one structured dataset, over all of the model's
 * versions: its trials, success rate with the Wilson 95% interval (`tooFew` when wider than 20 points,
 * as the evaluation overview marks it) and mean progress (0-1), and when its results came. The interval
 * and progress are null for an evaluation whose run reported no item.
 */
export const modelEvaluation = z.object({
  evaluationRecordId: z.number(),
  name: z.string(),
  /** The card evaluated, and its version: an earlier version than the model's newest may hold the newest evaluation. */
  modelCardId: z.number(),
  modelVersion: z.number().nullable(),
  structuredDatasetId: z.number(),
  structuredDatasetName: z.string(),
  trials: z.number(),
  successes: z.number(),
  interval: z.object({ rate: z.number(), low: z.number(), high: z.number(), tooFew: z.boolean() }).nullable(),
  meanProgress: z.number().nullable(),
  time: z.string(),
});

/** A model: the cards of one name, shown by its newest version (who trained it and when), with its newest evaluations. */
export const overviewModel = z.object({
  name: z.string(),
  modelCardId: z.number(),
  version: z.number().nullable(),
  versions: z.number(),
  trainer: z.string(),
  trainingTime: z.string(),
  evaluations: z.array(modelEvaluation),
});

/** `GET /training/model-overview`: the space's models grouped by model type (in the order the types are declared), newest trained first. */
export const modelOverview = z.object({
  types: z.array(z.object({ modelType: z.string(), models: z.array(overviewModel) })),
});

export type ModelEvaluation = z.infer<typeof modelEvaluation>;
export type OverviewModel = z.infer<typeof overviewModel>;
export type ModelOverview = z.infer<typeof modelOverview>;
