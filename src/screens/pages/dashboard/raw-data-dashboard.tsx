import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { PagePanel } from '../../components/page/page-panel';
import { DailyChart } from './daily-chart';
import { DashboardFrame } from './dashboard-frame';
import { DimensionPie } from './dimension-pie';
import { rawDataHref } from './drill-down';
import { axisScale, METRICS, metricOf, useDimensionData, useFormats, type Metric } from './figures';
import { useCatalogues } from '../../hooks/use-catalogues';

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['dashboard', 'bag'];

/** Spec §2 /data/dashboard/rawData: the space's bags over a range of days, by day, robot type, region and status. */
export default function RawDataDashboard() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { formats, measure, details } = useFormats();
  const dimensionData = useDimensionData();
  const [metric, setMetric] = useState<Metric>('count');
  return (
    <DashboardFrame
      title={t('menu:data.dashboard.rawData')}
      name="raw-data"
      stats={(report, range) => [
        { key: 'count', label: t('dashboard:stats.bags'), value: formats.count(report.total.count), href: rawDataHref(range) },
        { key: 'duration', label: t('dashboard:stats.duration'), value: formats.bagDuration(metricOf(report.total, 'bagDuration')) },
        { key: 'size', label: t('dashboard:stats.size'), value: formats.bagSize(metricOf(report.total, 'bagSize')) },
        {
          key: 'bad',
          label: t('dashboard:stats.bad'),
          value: formats.count(report.by.bagStatus?.find((row) => row.value === 'bad')?.count ?? 0),
          href: rawDataHref(range, 'bagStatus', 'bad'),
        },
      ]}
    >
      {(report, range) => (
        <>
          <div className="edp-dash-wide">
            <DailyChart report={report} title={t('dashboard:perDay')} />
          </div>
          <PagePanel
            title={t('dashboard:byRobotType')}
            extra={
              <Segmented<Metric>
                size="small"
                value={metric}
                onChange={setMetric}
                options={METRICS.map((value) => ({ value, label: t(`dashboard:metrics.${value}`) }))}
              />
            }
          >
            <BarChart
              data={dimensionData(report, 'robotType', metric, range)}
              value={measure(metric)}
              details={details(metric)}
              scale={axisScale(metric)}
              title={t('dashboard:byRobotType')}
              othersLabel={t('dashboard:others')}
              testId="by-robot-type"
            />
          </PagePanel>
          <DimensionPie report={report} range={range} field="bagRegion" title={t('dashboard:byRegion')} testId="by-region" />
          <DimensionPie report={report} range={range} field="bagStatus" title={t('dashboard:byStatus')} testId="by-status" />
        </>
      )}
    </DashboardFrame>
  );
}
