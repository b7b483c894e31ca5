import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { PieChart } from '../../components/charts/pie-chart';
import type { ChartDatum, ChartDetail, Measure } from '../../components/charts/chart-datum';
import { PagePanel } from '../../components/page/page-panel';
import { formatBytes, formatNumber } from '../../components/schema/cells/format';
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
      figures: { bags: row.bags },
      href: rawDataHref(undefined, field, row.value),
    }));
  const bytes: Measure = { name: t('dashboard:metrics.bagSize'), format: formatBytes };
  const bags: ChartDetail[] = [{ key: 'bags', name: t('dashboard:metrics.count'), format: (value) => formatNumber(value, 0) }];
  if (!quota.data) return <Spin />;
  const { storage, downloads, storageBy } = quota.data;

  return (
    <div className="edp-dash" data-testid="quota-dashboard">
      <div className="edp-dash-grid">
        <PagePanel title={t('quota:storage')}>
          <UsageGauge used={storage.used} quota={storage.quota} title={t('quota:storage')} testId="storage-gauge" />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {t('quota:storageNote', { bags: storage.bags.toLocaleString('en-US') })}
          </Typography.Paragraph>
        </PagePanel>
        <PagePanel title={t('quota:downloads')}>
          <UsageGauge used={downloads.used} quota={downloads.quota} title={t('quota:downloads')} testId="download-gauge" />
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {t('quota:downloadsNote')}
          </Typography.Paragraph>
        </PagePanel>
        <PagePanel title={t('quota:byRobotType')}>
          <BarChart
            data={shares(storageBy.robotType, 'robotType', (value) => value)}
            value={bytes}
            details={bags}
            scale={{ base: 1024 }}
            title={t('quota:byRobotType')}
            othersLabel={t('dashboard:others')}
            testId="storage-by-robot-type"
          />
        </PagePanel>
        <PagePanel title={t('quota:byRegion')}>
          <PieChart
            data={shares(storageBy.bagRegion, 'bagRegion', (value) => t(`bag:region.${value}`, { defaultValue: value }))}
            value={bytes}
            details={bags}
            title={t('quota:byRegion')}
            testId="storage-by-region"
          />
        </PagePanel>
        <div className="edp-dash-wide">{recent.data && <DailyChart report={recent.data} metrics={['bagSize']} title={t('quota:recent')} />}</div>
      </div>
    </div>
  );
}
