import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Job } from '../tickets-api';
import { JobStateTag } from './job-state-tag';

/** The ticket's jobs to open, the caller's own first (already in that order), each with its number, annotator and state. */
export function JobPicker({ jobs, job, me, onChange }: { jobs: readonly Job[]; job: Job | undefined; me: string; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const options = jobs.map((each) => {
    const name = t('annotate:jobs.option', { number: each.number, assignee: each.assignee || t('annotate:jobs.unassigned') });
    return {
      value: each.id,
      title: name,
      label: (
        <Space size={4}>
          <span>{name}</span>
          {each.assignee === me && <Typography.Text type="success">{t('annotate:jobs.mine')}</Typography.Text>}
          <JobStateTag state={each.state} />
        </Space>
      ),
    };
  });
  return (
    <Space>
      <Typography.Text>{t('annotate:jobs.label')}</Typography.Text>
      <Select
        data-testid="job-picker"
        style={{ minWidth: 320 }}
        value={job?.id}
        options={options}
        onChange={onChange}
        showSearch
        optionFilterProp="title"
        placeholder={t('annotate:jobs.label')}
      />
    </Space>
  );
}
