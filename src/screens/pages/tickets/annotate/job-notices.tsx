import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Job } from '../tickets-api';
import { canAnnotate } from './work-rules';

/** Why the job reads as it does: sent back (the manager's reason and comment), or not the caller's to change. */
export function JobNotices({ job, me }: { job: Job; me: string }) {
  const { t } = useTranslation();
  const readOnly = !canAnnotate(job, me);
  return (
    <>
      {job.state === 'rejected' && (
        <Alert
          data-testid="job-rejected"
          type="error"
          showIcon
          message={t('annotate:rejected.title', { reason: job.rejectReason || '—' })}
          description={job.rejectComment || undefined}
        />
      )}
      {readOnly && (
        <Alert
          data-testid="job-read-only"
          type="info"
          showIcon
          message={
            job.assignee === me
              ? t('annotate:readOnly.closed', { state: t(`ticketJob:state.${job.state}`) })
              : t('annotate:readOnly.notYours', { assignee: job.assignee || t('annotate:jobs.unassigned') })
          }
        />
      )}
    </>
  );
}
