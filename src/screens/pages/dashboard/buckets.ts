import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import type { DayRange } from './drill-down';

/** One bar of a time chart: a day, or a month of a long range, with its totals. */
export interface Bucket extends DayRange {
  key: string;
  count: number;
  sums: Record<string, number>;
}

/** Up to this many days a chart shows a bar per day; beyond, a bar per month. */
export const MAX_DAY_BARS = 92;

/** The report's days as bars: each day, or for a long range each (part of a) month. */
export function bucketsOf(days: TotalsReport['days'], maxDays = MAX_DAY_BARS): Bucket[] {
  if (days.length <= maxDays) return days.map(({ day, count, sums }) => ({ key: day, from: day, to: day, count, sums }));
  const months = new Map<string, Bucket>();
  for (const { day, count, sums } of days) {
    const key = day.slice(0, 7);
    const month = months.get(key);
    if (!month) {
      months.set(key, { key, from: day, to: day, count, sums: { ...sums } });
      continue;
    }
    month.to = day;
    month.count += count;
    for (const [name, value] of Object.entries(sums)) month.sums[name] = (month.sums[name] ?? 0) + value;
  }
  return [...months.values()];
}
