import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../hooks/use-busy';
import { ticketsApi, type Job } from './tickets-api';

export type Review = { kind: 'reject'; job: Job } | { kind: 'assign'; job: Job; members: string[] };

/**
 * A manager's answer on one job: send it back with one of the space's rework reasons and a comment,
 * or give it to a member of the team.
 */
export function JobReview({ review, onClose, onDone }: { review: Review | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string; comment?: string; assignee?: string }>();
  const [reasons, setReasons] = useState<string[]>([]);
  const { busy, whileBusy } = useBusy();
  useEffect(() => {
    if (review?.kind === 'reject') void ticketsApi.labels(review.job.ticketId, ['rework']).then((page) => setReasons(page.records.map((label) => label.name)));
  }, [review]);
  const submit = (values: { reason?: string; comment?: string; assignee?: string }) =>
    whileBusy(async () => {
      if (review?.kind === 'reject') await ticketsApi.reject(review.job.id, values.reason!, values.comment ?? '');
      if (review?.kind === 'assign') await ticketsApi.assign(review.job.id, values.assignee!);
      onDone();
    });
  return (
    <Modal
      open={Boolean(review)}
      title={review ? `${t(`ticketJob:actions.${review.kind}`)} · ${t('ticketJob:_')} ${review.job.number}` : ''}
      okText={review ? t(`ticketJob:actions.${review.kind}`) : ''}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
        {review?.kind === 'reject' && (
          <>
            <Form.Item
              name="reason"
              label={t('ticketJob:fields.rejectReason')}
              rules={[{ required: true, message: t('validation:required', { label: t('ticketJob:fields.rejectReason') }) }]}
            >
              <Select options={reasons.map((name) => ({ value: name, label: name }))} data-testid="reject-reason" />
            </Form.Item>
            <Form.Item name="comment" label={t('ticketJob:fields.rejectComment')}>
              <Input.TextArea rows={3} maxLength={500} data-testid="reject-comment" />
            </Form.Item>
          </>
        )}
        {review?.kind === 'assign' && (
          <Form.Item
            name="assignee"
            label={t('ticketJob:fields.assignee')}
            rules={[{ required: true, message: t('validation:required', { label: t('ticketJob:fields.assignee') }) }]}
          >
            <Select showSearch options={review.members.map((code) => ({ value: code, label: code }))} data-testid="assign-member" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
