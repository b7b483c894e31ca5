import { z } from 'zod';

/** Points a chart is drawn from per metric, however long the run: more would not show on a screen. */
export const CHART_POINTS = 1000;

/**
 * A metric's name, printed or called back: letters, digits, underscore, hyphen, period and slash
 * (`val/loss`), up to 64 characters; `step` names the step, never a metric.
 */
export const METRIC_NAME_PATTERN = '[A-Za-z0-9_./-]{1,64}';
const METRIC_NAME = new RegExp(`^${METRIC_NAME_PATTERN}$`);
const isMetricName = (name: string) => METRIC_NAME.test(name) && name !== 'step';

/** Reports one call back carries, and metrics one report: a run reporting more calls again (a chunk a second is plenty). */
const MAX_CALLED_BACK_REPORTS = 1000;
const MAX_METRICS_PER_REPORT = 100;

/** One report called back: as a line `##edp:metric loss=0.1 accuracy=0.9 step=400` says it, its values by name and the step it names, if any. */
const metricReport = z.object({
  // A safe integer (zod's int), as a line's step.
  step: z.number({ error: 'validation:invalidType' }).int('validation:integer').min(0, 'validation:min').nullish().meta({ label: 'instanceLog:metrics.step' }),
  // JSON has no NaN or infinity, and a number out of a double's range is refused as not finite: each value is a finite number, as on a line.
  values: z
    .record(z.string(), z.number({ error: 'validation:invalidType' }))
    .superRefine((values, context) => {
      const names = Object.keys(values);
      if (names.length === 0) context.addIssue({ code: 'custom', message: 'validation:required' });
      if (names.length > MAX_METRICS_PER_REPORT)
        context.addIssue({ code: 'too_big', origin: 'array', maximum: MAX_METRICS_PER_REPORT, inclusive: true, message: 'validation:maxItems' });
      const stranger = names.find((name) => !isMetricName(name));
      if (stranger !== undefined) context.addIssue({ code: 'custom', message: 'runs:rules.metricName', params: { name: stranger.slice(0, 80) } });
    })
    .meta({ label: 'instanceLog:metrics.values' }),
});

/** A run's call back with its reports (`POST /taskFlow/instance/{id}/metrics`), kept in order as lines printed in that order would be. */
export const metricReportsPayload = z.object({
  reports: z
    .array(metricReport)
    .min(1, 'validation:required')
    .max(MAX_CALLED_BACK_REPORTS, 'validation:maxItems')
    .meta({ label: 'instanceLog:metrics.reports' }),
});

/** One point of a metric's chart: the mean of a stretch of reports, with their lowest and highest. */
export const seriesPoint = z.object({ step: z.number(), value: z.number(), low: z.number(), high: z.number() });
export type SeriesPoint = z.infer<typeof seriesPoint>;

/** A metric a run reported (`##edp:metric name=value step=N`): how many times, and as at most CHART_POINTS points. */
export const metricSeries = z.object({ name: z.string(), reports: z.number(), points: z.array(seriesPoint) });
export type MetricSeries = z.infer<typeof metricSeries>;

/** Other runs a chart may add, newest first: at most this many are offered. */
export const COMPARABLE_RUNS = 50;

/** A run as a chart's legend names it: the training record it served (if the caller reads it), else its task, and its number. */
export const runName = z.object({
  id: z.number(),
  taskName: z.string(),
  trainingRecordName: z.string().nullable(),
  status: z.string(),
  createdTime: z.string(),
});
export type RunName = z.infer<typeof runName>;

/** A run and the other runs of its task that reported metrics, in the caller's reach, newest first. */
export const comparableRuns = z.object({ run: runName, others: z.array(runName) });
export type ComparableRuns = z.infer<typeof comparableRuns>;
