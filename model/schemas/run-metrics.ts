import { z } from 'zod';

/** Points a chart is drawn from per metric, however long the run: more would not show on a screen. */
export const CHART_POINTS = 1000;

/** One point of a metric's chart: the mean of a stretch of reports, with their lowest and highest. */
export const seriesPoint = z.object({ step: z.number(), value: z.number(), low: z.number(), high: z.number() });
export type SeriesPoint = z.infer<typeof seriesPoint>;

/** A metric a run reported (`##edp:metric name=value step=N`): how many times, and as at most CHART_POINTS points. */
export const metricSeries = z.object({ name: z.string(), reports: z.number(), points: z.array(seriesPoint) });
export type MetricSeries = z.infer<typeof metricSeries>;
