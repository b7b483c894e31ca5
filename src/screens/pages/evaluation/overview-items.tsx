import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewRow } from '../../../../model/schemas/evaluation-results';
import { evaluationApi, type ItemResult } from './evaluation-api';
import { percent } from './overview-format';

/** The items behind an overview row: each with its bag and time range, its outcome, progress, duration, failure mode and files. */
export function OverviewItems({ row }: { row: OverviewRow }) {
  const { t } = useTranslation();
  const items = useQuery({
    queryKey: ['evaluation-items', row.evaluationRecordId, row.robotSn, row.leftArmSn, row.rightArmSn],
    queryFn: () => evaluationApi.items(row),
  });
  const time = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');
  return (
    <Table<ItemResult>
      size="small"
      rowKey="itemId"
      loading={items.isLoading}
      dataSource={items.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid="overview-items"
      columns={[
        { title: t('evaluationRecord:overview.bag'), render: (_, item) => `${item.bagName} (${time(item.bagStartTime)} – ${time(item.bagEndTime)})` },
        {
          title: t('evaluationRecord:overview.outcome'),
          render: (_, item) => (
            <Tag color={item.success ? 'success' : 'error'}>{t(item.success ? 'evaluationRecord:overview.passed' : 'evaluationRecord:overview.failed')}</Tag>
          ),
        },
        { title: t('evaluationRecord:overview.progress'), render: (_, item) => percent(item.progress) },
        { title: t('evaluationRecord:overview.duration'), render: (_, item) => `${(item.durationMs / 1000).toFixed(1)} s` },
        { title: t('evaluationRecord:overview.failureMode'), render: (_, item) => item.failureMode ?? '—' },
        { title: t('evaluationRecord:overview.files'), render: (_, item) => item.files.join(', ') || '—' },
      ]}
    />
  );
}
