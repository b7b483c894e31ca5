import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChart } from '../../components/charts/column-chart';
import { PagePanel } from '../../components/page/page-panel';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import { bucketsOf } from './buckets';
import { rawDataHref } from './drill-down';
import { METRICS, metricOf, useFormats, type Metric } from './figures';

/** Bags, hours or bytes per day (per month over long ranges); a bar opens the bags of its days. */
export function DailyChart({ report, metrics = METRICS, title }: { report: TotalsReport; metrics?: Metric[]; title: string }) {
  const { t } = useTranslation();
  const { formats, hours, details } = useFormats();
  const [metric, setMetric] = useState<Metric>(metrics[0]!);
  // Durations chart in hours: an axis of seconds would read badly.
  const perHour = metric === 'bagDuration' ? 3600 : 1;
  const format = metric === 'bagDuration' ? (value: number) => hours(value * 3600) : formats[metric];
  const data = bucketsOf(report.days).map((bucket) => ({
    key: bucket.key,
    label: bucket.key,
    value: metricOf(bucket, metric) / perHour,
    details: [`${bucket.from} ~ ${bucket.to}`, ...details(bucket)],
    href: rawDataHref(bucket),
  }));
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
        data={data}
        format={format}
        title={title}
        scale={metric === 'bagSize' ? { base: 1024 } : metric === 'count' ? { least: 4 } : undefined}
        testId="daily-chart"
      />
    </PagePanel>
  );
}
