import { chartTheme, type ChartMode, type ChartSpec } from '../../components/charts/chart-configs';
import type { MetricSeries, SeriesPoint } from '../../../../model/schemas/run-metrics';

export const METRIC_CHART_HEIGHT = 220;

/** A value as a tooltip and the text beside the chart show it: four significant digits, whatever its size. */
export const metricText = (value: number) => (Number.isInteger(value) ? String(value) : Number(value.toPrecision(4)).toString());

/**
 * One metric over its steps as @ant-design/charts draws it: a line through each point's mean, on a
 * value axis fitted to the metric (a loss near zero and an accuracy near one each fill their chart).
 * A point standing for several reports names their lowest and highest in its tooltip.
 */
export function metricChartConfig(series: MetricSeries, { mode, stepLabel }: { mode: ChartMode; stepLabel: string }): ChartSpec {
  return {
    kind: 'line',
    options: {
      data: series.points,
      xField: 'step',
      yField: 'value',
      height: METRIC_CHART_HEIGHT,
      autoFit: true,
      theme: chartTheme(mode),
      legend: false,
      scale: { y: { nice: true, zero: false } },
      axis: { x: { title: stepLabel }, y: { title: false, labelFormatter: metricText } },
      tooltip: {
        title: (point: SeriesPoint) => `${stepLabel} ${point.step}`,
        items: [
          (point: SeriesPoint) => ({
            name: series.name,
            value: point.low === point.high ? metricText(point.value) : `${metricText(point.value)} (${metricText(point.low)} – ${metricText(point.high)})`,
          }),
        ],
      },
    },
  };
}
