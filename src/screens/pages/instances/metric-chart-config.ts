import { chartTheme, type ChartMode, type ChartSpec } from '../../components/charts/chart-configs';
import type { SeriesPoint } from '../../../../model/schemas/run-metrics';
import type { MetricChart } from './use-run-comparison';

export const METRIC_CHART_HEIGHT = 220;

/** A value as a tooltip and the text beside the chart show it: four significant digits, whatever its size. */
export const metricText = (value: number) => (Number.isInteger(value) ? String(value) : Number(value.toPrecision(4)).toString());

/** A point as the chart is handed it: the run whose line it is on. */
type RunPoint = SeriesPoint & { run: string };

/**
 * One metric over its steps as @ant-design/charts draws it: a line through each point's mean, on a
 * value axis fitted to the metric (a loss near zero and an accuracy near one each fill their chart).
 * A point standing for several reports names their lowest and highest in its tooltip. Runs compared
 * are a line each, coloured by run and named in the legend; a run alone needs no legend. Drawn at
 * once, without the library's entrance animation: a thousand points sweeping in would only delay them.
 */
export function metricChartConfig(chart: MetricChart, { mode, stepLabel }: { mode: ChartMode; stepLabel: string }): ChartSpec {
  const compared = chart.lines.length > 1;
  const data: RunPoint[] = chart.lines.flatMap(({ run, points }) => points.map((point) => ({ ...point, run })));
  const valueOf = (point: SeriesPoint) =>
    point.low === point.high ? metricText(point.value) : `${metricText(point.value)} (${metricText(point.low)} – ${metricText(point.high)})`;
  return {
    kind: 'line',
    options: {
      data,
      xField: 'step',
      yField: 'value',
      ...(compared ? { colorField: 'run', legend: { color: { position: 'top', title: false } } } : { legend: false }),
      height: METRIC_CHART_HEIGHT,
      autoFit: true,
      animate: false,
      theme: chartTheme(mode),
      scale: { y: { nice: true, zero: false } },
      axis: { x: { title: stepLabel }, y: { title: false, labelFormatter: metricText } },
      tooltip: {
        title: (point: RunPoint) => `${stepLabel} ${point.step}`,
        items: [(point: RunPoint) => ({ name: compared ? point.run : chart.name, value: valueOf(point) })],
      },
    },
  };
}
