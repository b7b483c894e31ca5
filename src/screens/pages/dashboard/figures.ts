import { useTranslation } from 'react-i18next';
import type { ChartDatum, ChartDetail, Measure } from '../../components/charts/chart-datum';
import { formatBytes, formatDuration, formatNumber } from '../../components/schema/cells/format';
import { bag } from '../../../../model/schemas/bag';
import type { FieldDecl } from '../../../../model/schemas/engine/types';
import type { Totals, TotalsReport } from '../../../../model/schemas/engine/totals';
import { rawDataHref, type BagDimension, type DayRange } from './drill-down';

/** What a chart measures: bags, their recorded seconds, or their bytes. */
export type Metric = 'count' | 'bagDuration' | 'bagSize';
export const METRICS: Metric[] = ['count', 'bagDuration', 'bagSize'];

export const metricOf = (totals: Totals, metric: Metric) => (metric === 'count' ? totals.count : (totals.sums[metric] ?? 0));

/** Every metric of a total: a chart datum's further figures (its tooltip's other lines). */
export const figuresOf = (totals: Totals): Record<Metric, number> =>
  Object.fromEntries(METRICS.map((metric) => [metric, metricOf(totals, metric)])) as Record<Metric, number>;

/** The value axis of a metric: bytes step by powers of 1024, counts by whole numbers. */
export const axisScale = (metric: Metric) => (metric === 'bagSize' ? { base: 1024 as const } : metric === 'count' ? { least: 4 } : undefined);

/** Spec §9 formats of each metric: thousands separators, d/h/m/s, readable bytes; hours for a time axis. */
export function useFormats() {
  const { t } = useTranslation();
  const units = t('common:durationUnits', { returnObjects: true }) as [string, string, string, string];
  const formats: Record<Metric, (value: number) => string> = {
    count: (value) => formatNumber(value, 0),
    bagDuration: (value) => formatDuration(value, units),
    bagSize: (value) => formatBytes(value),
  };
  const hours = (seconds: number) => t('dashboard:hours', { hours: formatNumber(seconds / 3600, seconds % 3600 === 0 ? 0 : 1) });
  /** A metric as a chart measures it: its name and format. */
  const measure = (metric: Metric): Measure => ({ name: t(`dashboard:metrics.${metric}`), format: formats[metric] });
  /** The metrics but the charted one, as a chart's further figures. */
  const details = (charted: Metric): ChartDetail[] => METRICS.filter((metric) => metric !== charted).map((metric) => ({ key: metric, ...measure(metric) }));
  return { formats, hours, measure, details };
}

const optionOf = (field: BagDimension, value: string) => (bag.fields[field] as FieldDecl).options?.find((option) => option.value === value);

/** Totals broken down by a dimension, as chart data linking to the bags of each value within the range, largest first. */
export function useDimensionData() {
  const { t } = useTranslation();
  return (report: TotalsReport, field: BagDimension, metric: Metric, range?: DayRange, keep: (value: string) => boolean = () => true): ChartDatum[] =>
    (report.by[field] ?? [])
      .filter((row) => keep(row.value))
      .map((row) => {
        const option = optionOf(field, row.value);
        return {
          key: row.value,
          label: row.value === '' ? t('dashboard:unset') : option ? t(option.label) : row.value,
          value: metricOf(row, metric),
          color: option?.color,
          figures: figuresOf(row),
          href: rawDataHref(range, field, row.value),
        };
      })
      .sort((a, b) => b.value - a.value);
}
