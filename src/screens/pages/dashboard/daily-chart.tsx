import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChart } from '../../components/charts/column-chart';
import type { ChartDatum } from '../../components/charts/chart-datum';
import { PagePanel } from '../../components/page/page-panel';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import { bucketsOf } from './buckets';
import { rawDataHref } from './drill-down';
import { axisScale, figuresOf, METRICS, metricOf, useFormats, type Metric } from './figures';

/** Durations chart in hours: an axis of seconds would read badly. */
const perUnit = (metric: Metric) => (metric === 'bagDuration' ? 3600 : 1);

/** A column per day (per month over long ranges) of one metric, each opening the bags of its days. */
export const dailyData = (report: TotalsReport, metric: Metric): ChartDatum[] =>
  bucketsOf(report.days).map((bucket) => ({
    key: bucket.key,
    label: bucket.key,
    value: metricOf(bucket, metric) / perUnit(metric),
    figures: figuresOf(bucket),
    ...(bucket.from !== bucket.to && { caption: `${bucket.from} ~ ${bucket.to}` }),
    href: rawDataHref(bucket),
  }));

/** Bags, hours or bytes per day (per month over long ranges); a column opens the bags of its days. */
export function DailyChart({ report, metrics = METRICS, title }: { report: TotalsReport; metrics?: Metric[]; title: string }) {
  const { t } = useTranslation();
  const { formats, hours, measure, details } = useFormats();
  const [metric, setMetric] = useState<Metric>(metrics[0]!);
  const unit = perUnit(metric);
  return (
    <PagePanel
      title={title}
      extra={
        metrics.length > 1 && (
          <Segmented<Metric>
            value={metric}
            onChange={setMetric}
            options={metrics.map((value) => ({ value, label: t(`dashboard:metrics.${value}`) }))}
            data-testid="daily-metric"
          />
        )
      }
    >
      <ColumnChart
        data={dailyData(report, metric)}
        value={{ name: measure(metric).name, format: (value) => formats[metric](value * unit) }}
        axisFormat={metric === 'bagDuration' ? (value) => hours(value * unit) : formats[metric]}
        details={details(metric)}
        title={title}
        scale={axisScale(metric)}
        testId="daily-chart"
      />
    </PagePanel>
  );
}
