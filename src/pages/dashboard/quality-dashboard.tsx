import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarList } from '../../components/charts/bar-list';
import { PieChart } from '../../components/charts/pie-chart';
import { PagePanel } from '../../components/page/page-panel';
import { formatNumber } from '../../components/schema/format';
import { DailyChart } from './daily-chart';
import { DashboardToolbar } from './dashboard-toolbar';
import { rawDataHref } from './drill-down';
import { useDimensionData, useFormats } from './figures';
import { StatTiles } from '../../components/charts/stat-tiles';
import { useBagTotals } from './use-bag-totals';
import './dashboard.css';

/** Spec §2 /data/dashboard/quality: quality results and failure reasons of the space's bags over a range of days. */
export default function QualityDashboard() {
  const { t } = useTranslation();
  const { range, setRange, refresh, setRefresh, query } = useBagTotals();
  const { formats } = useFormats();
  const dimensionData = useDimensionData();
  const report = query.data;
  const quality = (value: string) => report?.by.qualityLabel?.find((row) => row.value === value)?.count ?? 0;
  const checked = quality('qualified') + quality('unqualified');

  return (
    <div className="edp-dash" data-testid="quality-dashboard">
      <PagePanel
        title={t('menu:data.dashboard.quality')}
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
            testId="quality-stats"
            stats={[
              { key: 'checked', label: t('dashboard:stats.checked'), value: formats.count(checked) },
              { key: 'rate', label: t('dashboard:stats.passRate'), value: checked ? `${formatNumber((quality('qualified') / checked) * 100, 1)}%` : '-' },
              {
                key: 'unqualified',
                label: t('dashboard:stats.unqualified'),
                value: formats.count(quality('unqualified')),
                href: rawDataHref(range, 'qualityLabel', 'unqualified'),
              },
              { key: 'unchecked', label: t('dashboard:stats.unchecked'), value: formats.count(report.total.count - checked) },
            ]}
          />
        ) : (
          <Spin />
        )}
      </PagePanel>
      {report && (
        <div className="edp-dash-grid">
          <PagePanel title={t('dashboard:byQuality')}>
            <PieChart
              data={dimensionData(report, 'qualityLabel', 'count', range)}
              format={formats.count}
              title={t('dashboard:byQuality')}
              caption={t('dashboard:metrics.count')}
              testId="by-quality"
            />
          </PagePanel>
          <PagePanel title={t('dashboard:byFailureReason')}>
            <BarList
              data={dimensionData(report, 'qualitySubLabel', 'count', range, (value) => value !== '')}
              format={formats.count}
              title={t('dashboard:byFailureReason')}
              othersLabel={t('dashboard:others')}
              testId="by-failure-reason"
            />
          </PagePanel>
          <div className="edp-dash-wide">
            <DailyChart report={report} metrics={['count']} title={t('dashboard:perDay')} />
          </div>
        </div>
      )}
    </div>
  );
}
