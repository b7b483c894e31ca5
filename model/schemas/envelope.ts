import { z } from 'zod';
import { TOTAL_CAP } from './limits';

export { TOTAL_CAP };

/** Spec §8 internal result codes. */
export const RESULT_CODE = { success: 200, error: -1, timeout: 401 } as const;

const localizedText = z.object({ zh_CN: z.string(), en_US: z.string() });

/** Spec §7 response envelope `{ code, message, data }`; errors carry a message map. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), message: z.union([z.string(), localizedText]), data });

export const failure = z.object({
  code: z.number(),
  message: localizedText,
  data: z.object({ field: z.string().optional(), retryAfterSeconds: z.number().optional() }).nullable(),
});

/** `data` of every list query (DESIGN "API conventions"). */
export const page = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number(), pageNum: z.number(), pageSize: z.number() });

/** pageSize -1 means "all" (spec §7 account query). */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1, 'validation:invalid').default(1).meta({ label: 'common:pageNum' }),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => size === -1 || (size >= 1 && size <= 1000), 'validation:pageSize')
    .default(20)
    .meta({ label: 'common:pageSize' }),
});

/** An entity list page: totals are capped, and a keyset cursor leads to the next page. */
export const entityPage = <T extends z.ZodType>(record: T) => page(record).extend({ totalCapped: z.boolean(), nextCursor: z.string().optional() });
