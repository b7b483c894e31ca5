import { METRIC_NAME_PATTERN } from '../../../model/schemas/run-metrics';

/**
 * How a run reports its metrics: a line `##edp:metric loss=0.123 step=400` on stdout or stderr, of
 * name=value pairs. `step` (a whole number) places the point on its series; every other pair is a
 * metric with a finite number (`1e-4` and negatives allowed). Names are letters, digits, underscore,
 * hyphen, period and slash (`val/loss`), up to 64 characters (METRIC_NAME_PATTERN: a run calling back is held to the same). A line with one pair out of shape is not
 * a metric line at all: half a report would draw a curve that never was. The line stays in the log.
 */
const METRIC_LINE = /^##edp:metric\s+(.+?)\s*$/;
const PAIR = new RegExp(`^(${METRIC_NAME_PATTERN})=([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)$`);

/** One report: the step it names (null: the run named none) and each metric's value. */
export interface MetricPoint {
  step: number | null;
  values: Record<string, number>;
}

/** The metrics a line reports, or null when it is not a metric line. */
export function metricsOf(text: string): MetricPoint | null {
  const match = METRIC_LINE.exec(text);
  if (!match) return null;
  let step: number | null = null;
  const values: Record<string, number> = {};
  for (const pair of match[1]!.split(/\s+/)) {
    const [, name, given] = PAIR.exec(pair) ?? [];
    const value = Number(given);
    if (!name || !Number.isFinite(value) || name in values || (name === 'step' && step !== null)) return null;
    if (name !== 'step') values[name] = value;
    else if (Number.isSafeInteger(value) && value >= 0) step = value;
    else return null;
  }
  return Object.keys(values).length ? { step, values } : null;
}
