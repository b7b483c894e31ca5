import type { TimeRange } from './robots-api';

const HOUR_MS = 3_600_000;

/** The ranges the timeline offers at a click, newest first: the last hour (the default), 6 hours, a day, a week. */
export const RANGE_PRESETS = { '1h': HOUR_MS, '6h': 6 * HOUR_MS, '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS } as const;
export type RangePreset = keyof typeof RANGE_PRESETS;

/** A preset follows the clock (it always ends now); a range picked by hand stays where it was put. */
export type TimelineRange = { preset: RangePreset } | TimeRange;

export const DEFAULT_RANGE: TimelineRange = { preset: '1h' };

/** The instants a range covers at `now`. */
export function rangeBounds(range: TimelineRange, now = Date.now()): TimeRange {
  if (!('preset' in range)) return range;
  return { from: new Date(now - RANGE_PRESETS[range.preset]).toISOString(), to: new Date(now).toISOString() };
}

/** What tells one range from another in a query's key: a preset by its name, so each reading of it is the same query moving on. */
export const rangeKey = (range: TimelineRange) => ('preset' in range ? range.preset : `${range.from}/${range.to}`);
