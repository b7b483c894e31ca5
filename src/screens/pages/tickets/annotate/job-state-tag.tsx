import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketJob } from '../../../../../model/schemas/ticket-job';
import type { Job } from '../tickets-api';

/** A job's state as its lists show it: the entity's own text and colour. */
export function JobStateTag({ state }: { state: Job['state'] }) {
  const { t } = useTranslation();
  const option = ticketJob.fields.state.options?.find((each) => each.value === state);
  return <Tag color={option?.color}>{option ? t(option.label) : state}</Tag>;
}
