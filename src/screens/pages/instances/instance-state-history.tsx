import { Empty, Timeline, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCellContext } from '../../components/schema/cells/cell-context';
import { cellContent } from '../../components/schema/cells/cells';
import { formatDateTime } from '../../components/schema/cells/format';
import { useCatalogues } from '../../hooks/use-catalogues';
import { StatusTag, useInstanceStatuses } from './instance-status';
import { isArray, jsonValue } from '../../components/schema/shared/json-value';

export interface HistoryEntry {
  status: string;
  time?: string;
  by?: string;
}

/** The record's `history` (a JSON array of { status, time, by }, as text or parsed), kept to well-formed entries. */
export function historyOf(value: unknown): HistoryEntry[] {
  return jsonValue(value, isArray, [])
    .filter((entry): entry is HistoryEntry => !!entry && typeof entry === 'object' && typeof (entry as HistoryEntry).status === 'string')
    .map(({ status, time, by }) => ({ status, time: typeof time === 'string' ? time : undefined, by: typeof by === 'string' && by ? by : undefined }));
}

/** antd Timeline dots in the colours the status tags have. */
const DOT: Record<string, string> = { success: 'green', error: 'red', processing: 'blue', warning: 'orange', default: 'gray' };

/** The instance page's state history: each change, when and by whom, oldest first. */
export default function InstanceStateHistory({ record }: { record: Record<string, unknown> }) {
  useCatalogues(['instanceLog']);
  const { t } = useTranslation();
  const statuses = useInstanceStatuses();
  const context = useCellContext();
  const entries = useMemo(() => historyOf(record.history), [record.history]);
  return (
    <section data-testid="instance-state-history">
      <Typography.Title level={5}>{t('instance:fields.history')}</Typography.Title>
      {entries.length ? (
        <Timeline
          items={entries.map((entry, index) => {
            const color = statuses.find((option) => option.value === entry.status)?.color;
            return {
              key: index,
              color: (color && DOT[color]) ?? color ?? 'gray',
              children: (
                <>
                  <StatusTag status={entry.status} options={statuses} />
                  <Typography.Text type="secondary">{entry.time ? formatDateTime(entry.time) : '-'}</Typography.Text>
                  {entry.by && (
                    <Typography.Text type="secondary">
                      {' · '}
                      {t('instanceLog:history.by')} {cellContent({ widget: 'account' }, entry.by, context)}
                    </Typography.Text>
                  )}
                </>
              ),
            };
          })}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instanceLog:history.none')} />
      )}
    </section>
  );
}
