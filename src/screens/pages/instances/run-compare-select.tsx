import { Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RunName } from '../../../../model/schemas/run-metrics';
import { runLabel } from './use-run-comparison';

/** Picks other runs of the same task to draw beside this one, newest first, each named with when it was made. */
export function RunCompareSelect({ others, added, onChange }: { others: RunName[]; added: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      mode="multiple"
      allowClear
      data-testid="run-compare"
      style={{ minWidth: 320, maxWidth: '100%' }}
      disabled={others.length === 0 && added.length === 0}
      placeholder={t(others.length ? 'instanceLog:metrics.compare' : 'instanceLog:metrics.noOthers')}
      aria-label={t('instanceLog:metrics.compare')}
      value={added}
      onChange={onChange}
      optionFilterProp="label"
      options={others.map((run) => ({ value: run.id, label: `${runLabel(run)} · ${dayjs(run.createdTime).format('YYYY-MM-DD HH:mm')}` }))}
    />
  );
}
