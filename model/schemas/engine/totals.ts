import { z } from 'zod';

/** A count of records and the sums of the rollup's number fields. */
export const totals = z.object({ count: z.number(), sums: z.record(z.string(), z.number()) });

/** What `<api>/totals` answers: the dashboards' figures for a range of days (China time). */
export const totalsReport = z.object({
  from: z.string(),
  to: z.string(),
  total: totals,
  /** Every day of the range, oldest first; days without records count zero. */
  days: z.array(totals.extend({ day: z.string() })),
  /** Per dimension, its values, largest count first. */
  by: z.record(z.string(), z.array(totals.extend({ value: z.string() }))),
});

export type Totals = z.infer<typeof totals>;
export type TotalsReport = z.infer<typeof totalsReport>;
