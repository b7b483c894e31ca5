import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../providers/notifier';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { ticketsApi } from './tickets-api';
import { useTicketRole } from './use-me';
import { useRefreshTicket } from './use-refresh-ticket';

/**
 * Spec §4: a ticket is marked done after confirmation, by one of its managers. The confirmation says
 * how many jobs are accepted and what is still open; with work open it takes a written reason, which
 * the ticket keeps.
 */
export default function MarkDone({ record }: RecordProps) {
  useCatalogues(['ticket']);
  const { t } = useTranslation();
  const { manages } = useTicketRole(record);
  const [counts, setCounts] = useState<{ accepted: number; total: number } | null>(null);
  const [reason, setReason] = useState('');
  const { busy, whileBusy } = useBusy();
  const refresh = useRefreshTicket(record.id);
  if (!manages || record.status === 'done') return null;
  const open = counts ? counts.total - counts.accepted : 0;
  const ask = () =>
    whileBusy(async () => {
      const { records } = await ticketsApi.jobs(record.id);
      setCounts({ accepted: records.filter((job) => job.state === 'done').length, total: records.length });
    });
  const confirm = () =>
    whileBusy(async () => {
      await ticketsApi.markDone(record.id, reason.trim());
      notifier.success(t('ticket:work.markedDone'));
      setCounts(null);
      await refresh();
    });
  return (
    <>
      <Button icon={<CheckCircleOutlined />} loading={busy && !counts} onClick={() => void ask()} data-testid="mark-done">
        {t('ticket:actions.markDone')}
      </Button>
      <Modal
        open={Boolean(counts)}
        title={t('ticket:actions.markDone')}
        okText={t('ticket:actions.markDone')}
        cancelText={t('common:cancel')}
        okButtonProps={{ disabled: open > 0 && !reason.trim(), id: 'mark-done-confirm' }}
        confirmLoading={busy}
        onOk={() => void confirm()}
        onCancel={() => setCounts(null)}
        destroyOnHidden
      >
        {counts && (
          <Form layout="vertical">
            <Typography.Paragraph data-testid="mark-done-counts">
              {t('ticket:confirm.markDone', { accepted: counts.accepted, total: counts.total })}
            </Typography.Paragraph>
            {open > 0 && (
              <>
                <Alert type="warning" showIcon message={t('ticket:confirm.open', { open })} style={{ marginBottom: 12 }} />
                <Form.Item label={t('ticket:fields.doneReason')} required>
                  <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} data-testid="mark-done-reason" />
                </Form.Item>
              </>
            )}
          </Form>
        )}
      </Modal>
    </>
  );
}
