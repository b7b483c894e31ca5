import { ClockCircleOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../providers/http';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { Job } from './tickets-api';
import { useMe } from './use-me';

type Waiting = Job & { titles?: Record<string, string> };
type Page = { records: Waiting[]; total: number };

/** How many waiting jobs the popover lists; the ticket pages show the rest. */
const SHOWN = 20;

/**
 * What waits on the signed-in account, above its ticket lists: its own jobs not yet submitted (new,
 * in progress, rejected) and, for a manager, the jobs submitted for review; each opens its ticket.
 */
export default function WaitingWork() {
  useCatalogues(['ticket', 'ticketJob']);
  const { t } = useTranslation();
  const me = useMe();
  const [mine, setMine] = useState<Page | null>(null);
  const [reviews, setReviews] = useState<Page | null>(null);
  useEffect(() => {
    if (!me) return;
    void api.get<Page>('/data/ticket-job/query', { assignee: me, state: 'new,in_progress,rejected', pageSize: SHOWN }).then(setMine);
    void api.get<Page>('/data/ticket-job/query', { managers: me, state: 'submitted', pageSize: SHOWN }).then(setReviews);
  }, [me]);
  const total = (mine?.total ?? 0) + (reviews?.total ?? 0);
  const row = (job: Waiting, path: string) => (
    <List.Item>
      <Link to={`/data/ticket/${path}/${job.ticketId}`}>
        {job.titles?.ticketId ?? job.ticketId} · {t('ticketJob:_')} {job.number}
      </Link>
      <Tag>{t(`ticketJob:state.${job.state}`)}</Tag>
    </List.Item>
  );
  const content = (
    <div style={{ width: 360 }} data-testid="waiting-work">
      <List size="small" header={t('ticket:work.myJobs')} dataSource={mine?.records ?? []} renderItem={(job) => row(job, 'pending')} />
      {(reviews?.total ?? 0) > 0 && (
        <List size="small" header={t('ticket:work.toReview')} dataSource={reviews!.records} renderItem={(job) => row(job, 'managed')} />
      )}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Badge count={total} size="small">
        <Button icon={<ClockCircleOutlined />} data-testid="waiting-work-button">
          {t('ticket:work.waiting')}
        </Button>
      </Badge>
    </Popover>
  );
}
