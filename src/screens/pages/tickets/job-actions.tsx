import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Job } from './tickets-api';

export type Move = 'start' | 'submit' | 'rework' | 'accept';

interface Props {
  job: Job;
  ticketId: number;
  me: string;
  manages: boolean;
  done: boolean;
  onMove: (move: Move, job: Job) => void;
  onReview: (kind: 'reject' | 'assign', job: Job) => void;
}

/**
 * What the signed-in account may do with one job, as the server will allow it: its assignee works it
 * (annotate, start, submit, work again after a rejection), a manager of the ticket reviews it (accept,
 * reject with a reason) or gives it to someone. A done ticket's jobs offer nothing.
 */
export function JobActions({ job, ticketId, me, manages, done, onMove, onReview }: Props) {
  const { t } = useTranslation();
  if (done) return null;
  const mine = job.assignee === me;
  const open = job.state === 'new' || job.state === 'in_progress' || job.state === 'rejected';
  const move = (name: Move, confirm = false) => {
    const button = (
      <Button size="small" type="link" onClick={confirm ? undefined : () => onMove(name, job)} data-testid={`job-${name}`}>
        {t(`ticketJob:actions.${name}`)}
      </Button>
    );
    return confirm ? (
      <Popconfirm title={t('common:actionConfirm', { action: t(`ticketJob:actions.${name}`) })} onConfirm={() => onMove(name, job)}>
        {button}
      </Popconfirm>
    ) : (
      button
    );
  };
  return (
    <Space size={0} wrap>
      {(mine || manages) && (
        <Link to={`/data/lake/rawDetail/${ticketId}?job=${job.id}`} data-testid="job-annotate">
          <Button size="small" type="link">
            {t(mine && open ? 'ticket:actions.annotate' : 'ticket:work.view')}
          </Button>
        </Link>
      )}
      {mine && job.state === 'new' && move('start')}
      {mine && job.state === 'in_progress' && move('submit', true)}
      {mine && job.state === 'rejected' && move('rework')}
      {manages && job.state === 'submitted' && move('accept', true)}
      {manages && job.state === 'submitted' && (
        <Button size="small" type="link" danger onClick={() => onReview('reject', job)} data-testid="job-reject">
          {t('ticketJob:actions.reject')}
        </Button>
      )}
      {manages && job.state !== 'done' && (
        <Button size="small" type="link" onClick={() => onReview('assign', job)} data-testid="job-assign">
          {t('ticketJob:actions.assign')}
        </Button>
      )}
    </Space>
  );
}
