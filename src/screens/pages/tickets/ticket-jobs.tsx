import { Button, Space, Table, Tag } from 'antd';
import { use, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listView } from '../../../../model/schemas/engine/entity';
import { loadEntityInfo } from '../../../providers/entity-info';
import { notifier } from '../../../providers/notifier';
import { useColumns } from '../../components/schema/list/use-columns';
import { useBusy } from '../../hooks/use-busy';
import { JobActions, type Move } from './job-actions';
import { JobReview, type Review } from './job-review';
import { ticketsApi, type Job } from './tickets-api';
import { useTicketRole } from './use-me';
import { useRefreshTicket } from './use-refresh-ticket';

/**
 * A ticket's jobs as the signed-in account may see them (all for its staff, their own for a member,
 * those they review for a manager), in the schema's columns with what each may do; a member of a
 * claim ticket claims the next job here, a manager hands out jobs nobody holds.
 */
export function TicketJobs({ record }: { record: Record<string, unknown> & { id: number } }) {
  const { t } = useTranslation();
  const info = use(loadEntityInfo('ticket-job'));
  const columns = useColumns<Job>(listView(info).filter((field) => field.name !== 'ticketId'));
  const { me, manages, works } = useTicketRole(record);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [review, setReview] = useState<Review | null>(null);
  const { busy, whileBusy } = useBusy();
  const refreshTicket = useRefreshTicket(record.id);
  const done = record.status === 'done';
  const load = useCallback(() => ticketsApi.jobs(record.id).then((page) => setJobs(page.records)), [record.id]);
  useEffect(() => void load(), [load]);
  const after = async () => {
    await load();
    await refreshTicket();
  };
  const move = (name: Move, job: Job) =>
    whileBusy(async () => {
      await ticketsApi.move(name, job.id);
      await after();
    });
  const claim = () =>
    whileBusy(async () => {
      const claimed = await ticketsApi.claim(record.id);
      notifier.success(t('ticket:work.claimed', { number: claimed.number }));
      await after();
    });
  const distribute = () =>
    whileBusy(async () => {
      const { given } = await ticketsApi.distribute(record.id, record.distribution === 'manual' ? 'round_robin' : undefined);
      notifier.success(t('ticket:work.distributed', { count: given }));
      await after();
    });
  const openReview = (kind: 'reject' | 'assign', job: Job) =>
    whileBusy(async () => setReview(kind === 'reject' ? { kind, job } : { kind, job, members: (await ticketsApi.team(Number(record.teamId))).members }));
  const unassigned = jobs.some((job) => !job.assignee && job.state === 'new');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="ticket-jobs">
      <Space>
        {works && record.distribution === 'claim' && !done && (
          <Button type="primary" loading={busy} onClick={() => void claim()} data-testid="job-claim">
            {t('ticket:actions.claim')}
          </Button>
        )}
        {manages && unassigned && record.distribution !== 'claim' && !done && (
          <Button loading={busy} onClick={() => void distribute()} data-testid="job-distribute">
            {t('ticket:actions.distribute')}
          </Button>
        )}
        {record.distribution ? (
          <Tag>{t(`ticket:distribution.${String(record.distribution).replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`)}</Tag>
        ) : null}
      </Space>
      <Table<Job>
        rowKey="id"
        size="small"
        loading={busy}
        dataSource={jobs}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          ...columns,
          {
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, job: Job) => (
              <JobActions
                job={job}
                ticketId={record.id}
                me={me}
                manages={manages}
                done={done}
                onMove={(name, target) => void move(name, target)}
                onReview={(kind, target) => void openReview(kind, target)}
              />
            ),
          },
        ]}
        scroll={{ x: 'max-content' }}
      />
      <JobReview
        review={review}
        onClose={() => setReview(null)}
        onDone={() => {
          setReview(null);
          void after();
        }}
      />
    </Space>
  );
}
