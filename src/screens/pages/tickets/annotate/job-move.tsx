import { CheckCircleOutlined, PlayCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmOnClick } from '../../../components/schema/actions/confirm-on-click';
import type { Job } from '../tickets-api';
import { assigneeMove } from './work-rules';

/**
 * The assignee's one move of the job: start a new one, submit one in progress (after a confirmation:
 * nothing changes it afterwards but a manager's rejection), work a rejected one again. Nothing for
 * anyone else.
 */
export function JobMove({ job, me, busy, onMove }: { job: Job; me: string; busy: boolean; onMove: (action: 'start' | 'submit' | 'rework') => void }) {
  const { t } = useTranslation();
  const move = assigneeMove(job, me);
  if (move === 'submit')
    return (
      <ConfirmOnClick
        title={t('annotate:move.submitConfirm')}
        okText={t('ticketJob:actions.submit')}
        cancelText={t('common:cancel')}
        onConfirm={() => onMove('submit')}
      >
        <Button type="primary" icon={<CheckCircleOutlined />} loading={busy} data-testid="job-submit">
          {t('ticketJob:actions.submit')}
        </Button>
      </ConfirmOnClick>
    );
  if (move === 'start' || move === 'rework')
    return (
      <Button icon={move === 'start' ? <PlayCircleOutlined /> : <RedoOutlined />} loading={busy} onClick={() => onMove(move)} data-testid={`job-${move}`}>
        {t(`ticketJob:actions.${move}`)}
      </Button>
    );
  return null;
}
