import { useQuery } from '@tanstack/react-query';
import { Alert, Progress, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { StatTiles } from '../../components/charts/stat-tiles';
import { PagePanel } from '../../components/page/page-panel';
import { formatBytes, formatNumber } from '../../components/schema/cells/format';
import { WIDE_TABLE } from '../../components/schema/list/wide-table';
import { api } from '../../../providers/http';
import type { TenantUsage, UsageReport } from '../../../../model/schemas/space-stats';
import '../dashboard/dashboard.css';
import { useCatalogues } from '../../hooks/use-catalogues';

const count = (value: number) => formatNumber(value, 0);
const sum = (tenants: TenantUsage[], pick: (tenant: TenantUsage) => number | null) => tenants.reduce((total, tenant) => total + (pick(tenant) ?? 0), 0);

/** The locale namespaces it reads, loaded with its code (route-data.ts): its own, and the quota page's and dashboards' words it shares. */
export const catalogues = ['usage', 'quota', 'dashboard'];

/** Spec §2 /console/system/usage: per space, storage and downloads against quota, accounts and tasks (platform administrators). */
export default function UsageStatistics() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const usage = useQuery({ queryKey: ['system-usage'], queryFn: () => api.get<UsageReport>('/console/system/usage') });
  const quota = (value: number | null) => (value === null ? t('quota:unlimited') : formatBytes(value));
  if (!usage.data) return <Spin />;
  const { tenants, counted } = usage.data;

  return (
    <div className="edp-dash" data-testid="usage-statistics">
      <PagePanel title={t('menu:console.system.usage')}>
        <StatTiles
          testId="usage-totals"
          stats={[
            { key: 'spaces', label: t('usage:spaces'), value: count(tenants.length) },
            { key: 'storage', label: t('usage:storage'), value: formatBytes(sum(tenants, (tenant) => tenant.storageUsed)) },
            { key: 'bags', label: t('usage:bags'), value: count(sum(tenants, (tenant) => tenant.bags)) },
            { key: 'accounts', label: t('usage:accounts'), value: count(sum(tenants, (tenant) => tenant.accounts)) },
            { key: 'tasks', label: t('usage:tasks'), value: counted.tasks ? count(sum(tenants, (tenant) => tenant.tasks)) : '-' },
          ]}
        />
        {!counted.downloads && <Alert type="info" showIcon style={{ marginTop: 16 }} message={t('usage:downloadsNote')} />}
      </PagePanel>
      <PagePanel title={t('usage:storageBySpace')}>
        <BarChart
          data={[...tenants]
            .sort((a, b) => b.storageUsed - a.storageUsed)
            .map((tenant) => ({ key: tenant.code, label: tenant.name, value: tenant.storageUsed, figures: { bags: tenant.bags } }))}
          value={{ name: t('quota:storage'), format: formatBytes }}
          details={[{ key: 'bags', name: t('usage:bags'), format: count }]}
          scale={{ base: 1024 }}
          title={t('usage:storageBySpace')}
          othersLabel={t('dashboard:others')}
          testId="storage-by-space"
        />
      </PagePanel>
      <PagePanel title={t('usage:perSpace')}>
        <Table<TenantUsage>
          rowKey="tenantId"
          size="middle"
          loading={usage.isFetching}
          dataSource={tenants}
          pagination={false}
          {...WIDE_TABLE}
          columns={[
            {
              key: 'space',
              title: t('usage:space'),
              render: (_, tenant) => (
                <>
                  {tenant.name} <Tag>{tenant.code}</Tag>
                  {tenant.internal && <Tag color="orange">{t('usage:internal')}</Tag>}
                </>
              ),
            },
            {
              key: 'storage',
              title: t('usage:storageUsed'),
              sorter: (a, b) => a.storageUsed - b.storageUsed,
              render: (_, tenant) => (
                <div style={{ minWidth: 200 }}>
                  {formatBytes(tenant.storageUsed)} / {quota(tenant.storageQuota)}
                  {!!tenant.storageQuota && (
                    <Progress
                      size="small"
                      percent={Math.min(100, (tenant.storageUsed / tenant.storageQuota) * 100)}
                      showInfo={false}
                      status={tenant.storageUsed > tenant.storageQuota ? 'exception' : 'normal'}
                    />
                  )}
                </div>
              ),
            },
            { key: 'bags', title: t('usage:bags'), align: 'right', sorter: (a, b) => a.bags - b.bags, render: (_, tenant) => count(tenant.bags) },
            {
              key: 'downloads',
              title: t('usage:downloads'),
              render: (_, tenant) =>
                `${tenant.downloadsUsed === null ? t('quota:notRecorded') : formatBytes(tenant.downloadsUsed)} / ${quota(tenant.downloadQuota)}`,
            },
            {
              key: 'accounts',
              title: t('usage:accounts'),
              align: 'right',
              sorter: (a, b) => a.accounts - b.accounts,
              render: (_, tenant) => count(tenant.accounts),
            },
            { key: 'tasks', title: t('usage:tasks'), align: 'right', render: (_, tenant) => (tenant.tasks === null ? '-' : count(tenant.tasks)) },
          ]}
        />
      </PagePanel>
    </div>
  );
}
