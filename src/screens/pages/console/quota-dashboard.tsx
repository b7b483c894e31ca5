import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarList } from '../../components/charts/bar-list';
import { PieChart } from '../../components/charts/pie-chart';
import type { ChartDatum } from '../../components/charts/chart-datum';
import { PagePanel } from '../../components/page/page-panel';
import { formatBytes } from '../../components/schema/cells/format';
import { api } from '../../../providers/http';
import { entityListEntry } from '../../../../model/resources/index';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import type { SpaceQuota, StorageShare } from '../../../../model/schemas/space-stats';
import { DailyChart } from '../dashboard/daily-chart';
import { rangeOf, rawDataHref } from '../dashboard/drill-down';
import { UsageGauge } from './usage-gauge';
import '../dashboard/dashboard.css';
import { useCatalogues } from '../../hooks/use-catalogues';

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['quota', 'dashboard', 'bag'];

/** Spec §2 /console/space/quota: the space's raw-data storage and downloads against its quotas. */
export default function QuotaDashboard() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const quota = useQuery({ queryKey: ['space-quota'], queryFn: () => api.get<SpaceQuota>('/console/space/quota') });
  const range = rangeOf(new URLSearchParams());
  const recent = useQuery({
    queryKey: ['bag-totals', range.from, range.to],
    queryFn: () => api.get<TotalsReport>(`${entityListEntry('bag')!.api}/totals`, range),
  });
  const shares = (rows: StorageShare[], field: 'robotType' | 'bagRegion', label: (value: string) => string): ChartDatum[] =>
    rows.map((row) => ({
      key: row.value,
      label: row.value === '' ? t('dashboard:unset') : label(row.value),
      value: row.bytes,
      details: [`${t('dashboard:metrics.count')}: ${row.bags.toLocaleString('en-US')}`],
      href: rawDataHref(undefined, field, row.value),
    }));
  if (!quota.data) return <Spin />;
  const { storage, downloads, storageBy } = quota.data;

  return (
    <div className="edp-dash" data-testid="quota-dashboard">
      <div className="edp-dash-grid">
        <PagePanel title={t('quota:storage')}>
          <UsageGauge used={storage.used} quota={storage.quota} testId="storage-gauge" />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {t('quota:storageNote', { bags: storage.bags.toLocaleString('en-US') })}
          </Typography.Paragraph>
        </PagePanel>
        <PagePanel title={t('quota:downloads')}>
          <UsageGauge used={downloads.used} quota={downloads.quota} testId="download-gauge" />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {t('quota:downloadsNote')}
          </Typography.Paragraph>
        </PagePanel>
        <PagePanel title={t('quota:byRobotType')}>
          <BarList
            data={shares(storageBy.robotType, 'robotType', (value) => value)}
            format={formatBytes}
            title={t('quota:byRobotType')}
            othersLabel={t('dashboard:others')}
            testId="storage-by-robot-type"
          />
        </PagePanel>
        <PagePanel title={t('quota:byRegion')}>
          <PieChart
            data={shares(storageBy.bagRegion, 'bagRegion', (value) => t(`bag:region.${value}`, { defaultValue: value }))}
            format={formatBytes}
            title={t('quota:byRegion')}
            testId="storage-by-region"
          />
        </PagePanel>
        <div className="edp-dash-wide">{recent.data && <DailyChart report={recent.data} metrics={['bagSize']} title={t('quota:recent')} />}</div>
      </div>
    </div>
  );
}
