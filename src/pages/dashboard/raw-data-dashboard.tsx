import { Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarList } from '../../components/charts/bar-list';
import { PieChart } from '../../components/charts/pie-chart';
import { PagePanel } from '../../components/page/page-panel';
import { DailyChart } from './daily-chart';
import { DashboardToolbar } from './dashboard-toolbar';
import { rawDataHref } from './drill-down';
import { METRICS, metricOf, useDimensionData, useFormats, type Metric } from './figures';
import { StatTiles } from '../../components/charts/stat-tiles';
import { useBagTotals } from './use-bag-totals';
import './dashboard.css';

/** Spec §2 /data/dashboard/rawData: the space's bags over a range of days, by day, robot type, region and status. */
export default function RawDataDashboard() {
  const { t } = useTranslation();
  const { range, setRange, refresh, setRefresh, query } = useBagTotals();
  const { formats } = useFormats();
  const dimensionData = useDimensionData();
  const [metric, setMetric] = useState<Metric>('count');
  const report = query.data;
  const bad = report?.by.bagStatus?.find((row) => row.value === 'bad');

  return (
    <div className="edp-dash" data-testid="raw-data-dashboard">
      <PagePanel
        title={t('menu:data.dashboard.rawData')}
        extra={
          <DashboardToolbar
            range={range}
            onRange={setRange}
            refresh={refresh}
            onRefresh={setRefresh}
            onReload={() => void query.refetch()}
            reloading={query.isFetching}
          />
        }
      >
        {report ? (
          <StatTiles
            testId="raw-data-stats"
            stats={[
              { key: 'count', label: t('dashboard:stats.bags'), value: formats.count(report.total.count), href: rawDataHref(range) },
              { key: 'duration', label: t('dashboard:stats.duration'), value: formats.bagDuration(metricOf(report.total, 'bagDuration')) },
              { key: 'size', label: t('dashboard:stats.size'), value: formats.bagSize(metricOf(report.total, 'bagSize')) },
              { key: 'bad', label: t('dashboard:stats.bad'), value: formats.count(bad?.count ?? 0), href: rawDataHref(range, 'bagStatus', 'bad') },
            ]}
          />
        ) : (
          <Spin />
        )}
      </PagePanel>
      {report && (
        <div className="edp-dash-grid">
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
            <BarList
              data={dimensionData(report, 'robotType', metric, range)}
              format={formats[metric]}
              title={t('dashboard:byRobotType')}
              othersLabel={t('dashboard:others')}
              testId="by-robot-type"
            />
          </PagePanel>
          <PagePanel title={t('dashboard:byRegion')}>
            <PieChart
              data={dimensionData(report, 'bagRegion', 'count', range)}
              format={formats.count}
              title={t('dashboard:byRegion')}
              caption={t('dashboard:metrics.count')}
              testId="by-region"
            />
          </PagePanel>
          <PagePanel title={t('dashboard:byStatus')}>
            <PieChart
              data={dimensionData(report, 'bagStatus', 'count', range)}
              format={formats.count}
              title={t('dashboard:byStatus')}
              caption={t('dashboard:metrics.count')}
              testId="by-status"
            />
          </PagePanel>
        </div>
      )}
    </div>
  );
}
