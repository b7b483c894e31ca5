import { DownloadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLLECTORS } from '../../../../../model/schemas/ticket-work';
import { currentLanguage } from '../../../../providers/i18n';
import { notifier } from '../../../../providers/notifier';
import { useBusy } from '../../../hooks/use-busy';
import { ticketsApi } from '../tickets-api';

/**
 * The statistics of chosen collectors as CSV, in the console's language. Spec §5 allows 1 to 100
 * collectors: the whole team is chosen at first (its first 100 in a larger one), the choice stops at
 * 100, and with none there is nothing to export. Mount it keyed by the team, so a new team starts over.
 */
export function StatisticsExport({ ticketId, members }: { ticketId: number; members: string[] }) {
  const { t } = useTranslation();
  const { busy, whileBusy } = useBusy();
  const [chosen, setChosen] = useState(() => members.slice(0, COLLECTORS.max));
  const download = () =>
    whileBusy(
      () => ticketsApi.downloadStatistics(ticketId, chosen, currentLanguage()),
      // the file is asked for raw, so the HTTP layer has not told the user why it failed
      () => notifier.error(t('errors:generic'), t('common:exportFailed')),
    );
  return (
    <Space wrap>
      <Typography.Text>{t('ticket:stats.collectors')}</Typography.Text>
      <Select
        mode="multiple"
        allowClear
        maxCount={COLLECTORS.max}
        maxTagCount="responsive"
        style={{ minWidth: 240, maxWidth: 560 }}
        value={chosen}
        onChange={setChosen}
        placeholder={t('ticketStatistics:collectorsPlaceholder', { max: COLLECTORS.max })}
        options={members.map((member) => ({ value: member, label: member }))}
        data-testid="statistics-collectors"
      />
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        disabled={chosen.length < COLLECTORS.min}
        onClick={() => void download()}
        data-testid="statistics-export"
      >
        {t('ticket:stats.export')}
      </Button>
    </Space>
  );
}
