import { Descriptions, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogues } from '../../hooks/use-catalogues';
import { formatDateTime, formatDuration } from '../../components/schema/cells/format';
import type { TopicSummary } from '../../../../model/schemas/upload';
import { TopicTimeline } from './topic-timeline';
import { isArray, jsonValue } from '../../components/schema/shared/json-value';

type Topic = TopicSummary;

const topicsOf = (json: unknown) => jsonValue(json, isArray, []) as Topic[];

/** A recording as parsed: its time span, and per topic its type, message count and rate. */
export default function BagTopics({ record }: { record: Record<string, unknown> }) {
  useCatalogues(['lake']);
  const { t } = useTranslation();
  const topics = useMemo(() => topicsOf(record.topics), [record.topics]);
  const columns = [
    { key: 'topic', dataIndex: 'topic', title: t('lake:topics.topic') },
    { key: 'messageType', dataIndex: 'messageType', title: t('lake:topics.type') },
    { key: 'encoding', dataIndex: 'encoding', title: t('lake:topics.encoding') },
    { key: 'messageCount', dataIndex: 'messageCount', title: t('lake:topics.count'), align: 'right' as const },
    { key: 'frequencyHz', dataIndex: 'frequencyHz', title: t('lake:topics.hz'), align: 'right' as const, render: (hz: number) => hz.toFixed(1) },
    {
      key: 'timeline',
      title: t('lake:topics.timeline'),
      render: (_: unknown, topic: Topic) => (
        <TopicTimeline topic={topic} from={Date.parse(String(record.bagStartTime))} to={Date.parse(String(record.bagEndTime))} />
      ),
    },
  ];
  return (
    <section data-testid="bag-topics">
      <Typography.Title level={5}>{t('lake:topics.title')}</Typography.Title>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('bag:fields.bagStartTime')}>{formatDateTime(String(record.bagStartTime))}</Descriptions.Item>
        <Descriptions.Item label={t('bag:fields.bagEndTime')}>{formatDateTime(String(record.bagEndTime))}</Descriptions.Item>
        <Descriptions.Item label={t('bag:fields.bagDuration')}>
          {formatDuration(Number(record.bagDuration), t('common:durationUnits', { returnObjects: true }) as [string, string, string, string])}
        </Descriptions.Item>
      </Descriptions>
      {topics.length ? (
        <Table rowKey="topic" size="small" pagination={false} dataSource={topics} columns={columns} />
      ) : (
        <Typography.Text type="secondary">{t('lake:topics.none')}</Typography.Text>
      )}
    </section>
  );
}
