import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RobotTopic } from '../../../../model/schemas/robot-report';
import { formatDateTime, formatDuration, formatNumber } from '../../components/schema/cells/format';
import { REFRESH_INTERVALS } from '../../components/schema/list/refresh-select';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { robotsApi } from './robots-api';
import { RuleTag } from './rule-tag';

/**
 * A robot's topics as its heartbeats last reported them: each one's rate against the rules watching
 * it, and how long ago its last message came. Read again every 10 s, as the robot reports every 5 s;
 * an age is counted to the moment of the answer, so it grows with each reading, not with each render.
 */
export default function TopicRates({ record }: RecordProps) {
  useCatalogues(['robot']);
  const { t } = useTranslation();
  const topics = useQuery({
    queryKey: ['robot-topics', record.id],
    queryFn: () => robotsApi.topics(record.id),
    refetchInterval: REFRESH_INTERVALS['10s'],
  });
  const units = t('common:durationUnits', { returnObjects: true }) as [string, string, string, string];
  const age = (time: string) => t('robot:page.ago', { age: formatDuration(Math.max(0, (topics.dataUpdatedAt - Date.parse(time)) / 1000), units) });
  const columns = [
    { key: 'topic', dataIndex: 'topic', title: t('robot:page.topic') },
    {
      key: 'rate',
      dataIndex: 'rate',
      title: t('robot:page.rate'),
      align: 'right' as const,
      render: (rate: number | null) => (rate === null ? '-' : formatNumber(rate, 1)),
    },
    {
      key: 'rules',
      title: t('robot:page.rules'),
      render: (_: unknown, topic: RobotTopic) => (topic.rules.length ? topic.rules.map((rule) => <RuleTag key={rule.ruleId} rule={rule} />) : '-'),
    },
    {
      key: 'lastMessage',
      dataIndex: 'lastMessageTime',
      title: t('robot:page.lastMessage'),
      render: (time: string | null) => (time ? <span title={formatDateTime(time)}>{age(time)}</span> : '-'),
    },
  ];
  const rows = topics.data ?? [];
  return (
    <section data-testid="topic-rates">
      <Typography.Title level={5}>{t('robot:page.topics')}</Typography.Title>
      {rows.length || topics.isPending ? (
        <Table rowKey="topic" size="small" pagination={false} loading={topics.isPending} dataSource={rows} columns={columns} />
      ) : (
        <Typography.Text type="secondary" data-testid="topic-rates-empty">
          {t('robot:page.noTopics')}
        </Typography.Text>
      )}
    </section>
  );
}
