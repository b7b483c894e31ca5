import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricSeries, RunName, SeriesPoint } from '../../../../model/schemas/run-metrics';
import { metricsApi } from './metrics-api';

/** How often a running instance's metrics are read again. */
const RUNNING_REFRESH_MS = 5000;

/** One run's line on a metric's chart: the run as the legend names it, how often it reported the metric, its points. */
export interface RunLine {
  run: string;
  /** The line of the run whose page this is. */
  own: boolean;
  reports: number;
  points: SeriesPoint[];
}

/** A metric's chart: one line per run that reported it, the run's own first. */
export interface MetricChart {
  name: string;
  lines: RunLine[];
}

/** A run as a legend and the select name it: the training record it served, else its task, and its number. */
export const runLabel = (run: RunName) => `${run.trainingRecordName ?? run.taskName} #${run.id}`;

/**
 * Each metric any of the runs reported, as a chart of one line per run (in the runs' order): the first
 * run's metrics in its order, then those only the others reported, by name.
 */
export function chartsOf(runs: { run: string; series: MetricSeries[] }[]): MetricChart[] {
  const charts = new Map<string, MetricChart>();
  const [first, ...others] = runs;
  const later = [...new Set(others.flatMap(({ series }) => series.map((each) => each.name)))].sort();
  for (const name of [...(first?.series.map((each) => each.name) ?? []), ...later]) if (!charts.has(name)) charts.set(name, { name, lines: [] });
  runs.forEach(({ run, series }, index) => {
    for (const { name, reports, points } of series) charts.get(name)!.lines.push({ run, own: index === 0, reports, points });
  });
  return [...charts.values()];
}

/**
 * The metrics of a run and of the other runs of its task the person added, as charts. `compare`: the
 * other runs are offered (newest first, as the server lists them) and can be added; each added run's
 * metrics are read once (they have ended, or are read again with the page), the run's own every few
 * seconds while it runs.
 */
export function useRunComparison(instanceId: number, { running, compare }: { running: boolean; compare: boolean }) {
  const { t } = useTranslation();
  const [added, setAdded] = useState<number[]>([]);
  const comparable = useQuery({ queryKey: ['comparable-runs', instanceId], queryFn: () => metricsApi.comparable(instanceId), enabled: compare });
  const ids = [instanceId, ...added];
  const metrics = useQueries({
    queries: ids.map((id, index) => ({
      queryKey: ['instance-metrics', id],
      queryFn: () => metricsApi.series(id),
      refetchInterval: index === 0 && running ? RUNNING_REFRESH_MS : (false as const),
    })),
  });
  const names = new Map([comparable.data?.run, ...(comparable.data?.others ?? [])].flatMap((run) => (run ? [[run.id, run] as const] : [])));
  const labelOf = (id: number) => {
    const run = names.get(id);
    const name = run ? runLabel(run) : `#${id}`;
    return id === instanceId ? t('instanceLog:metrics.thisRun', { name }) : name;
  };
  const loaded = ids.flatMap((id, index) => {
    const series = metrics[index]?.data;
    return series ? [{ run: labelOf(id), series }] : [];
  });
  return {
    /** The other runs that may be added (empty until listed, or without `compare`). */
    others: comparable.data?.others ?? [],
    added,
    setAdded,
    /** Whether the run itself reported metrics: without them there is nothing to compare with. */
    reported: (metrics[0]?.data?.length ?? 0) > 0,
    /** Each metric's chart, a line per run whose metrics are in (the run's own first). */
    charts: chartsOf(loaded),
  };
}
