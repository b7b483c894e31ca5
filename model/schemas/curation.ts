import { z } from 'zod';
import { entityId, REQUIRED } from './fields';
import { TOTAL_CAP } from './limits';

/** A bulk action's bags: the selected ids, or every bag the raw-data list's current filter matches. */
export const bagSelection = z
  .object({
    ids: z.array(entityId('common:id')).min(1, REQUIRED).max(TOTAL_CAP, 'validation:maxItems').meta({ label: 'common:selection' }).optional(),
    filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  })
  .refine((value) => (value.ids === undefined) !== (value.filter === undefined), { message: 'curation:errors.selection', path: ['ids'] });

export type BagSelection = z.infer<typeof bagSelection>;

/** Curating from the raw-data list: the selection joins a raw dataset (bags already in it stay as they are). */
export const addBagsPayload = z.intersection(z.object({ datasetId: entityId('datasetItem:fields.datasetId') }), bagSelection);

/** Bags one quality marking changes at most: each is written and audited on its own, within one call's time. */
export const QUALITY_BULK_MAX = 2000;

/** Spec §1 quality in bulk: qualified, or unqualified with one of the space's failure reasons; labels added and taken away. */
export const markQualityPayload = z.intersection(
  z.object({
    qualityLabel: z.enum(['qualified', 'unqualified', 'unchecked'], { error: REQUIRED }).meta({ label: 'bag:fields.qualityLabel' }),
    qualitySubLabel: z.string().trim().max(64, 'validation:maxLength').optional().meta({ label: 'bag:fields.qualitySubLabel' }),
    qualityDescription: z.string().trim().max(500, 'validation:maxLength').optional().meta({ label: 'bag:fields.qualityDescription' }),
    addLabels: z.array(z.string().trim().min(1, REQUIRED).max(64, 'validation:maxLength')).max(50, 'validation:maxItems').optional(),
    removeLabels: z.array(z.string().trim().min(1, REQUIRED).max(64, 'validation:maxLength')).max(50, 'validation:maxItems').optional(),
  }),
  bagSelection,
);

/** What a bulk action did: how many it changed, and how many it left (already in, already so). */
export const bulkOutcome = z.object({ changed: z.number(), unchanged: z.number() });
