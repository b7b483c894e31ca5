import { FileDoneOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { CLAIM_IDLE_MINUTES, DISTRIBUTIONS, JOB_SIZE } from '../../../../model/schemas/ticket-work';
import { api } from '../../../providers/http';
import { useAllowed } from '../../hooks/use-allowed';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';

interface Values {
  name: string;
  ticketType: string;
  batch: string;
  teamId: number;
  jobSize: number;
  distribution: string;
  claimIdleMinutes: number;
  description?: string;
}
type Page<T> = { records: T[] };

/** A version page's "make a ticket": its members become the ticket's items, cut into jobs for a team; the ticket's page opens. */
export default function NewTicket({ record }: RecordProps) {
  useCatalogues(['ticket', 'ticketTeam']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickets = entityListEntry('ticket');
  const allowed = useAllowed(tickets?.fullPath ?? '', 'create');
  const [form] = Form.useForm<Values>();
  const [teams, setTeams] = useState<{ value: number; label: string }[] | null>(null);
  const { busy, whileBusy } = useBusy();
  const distribution = Form.useWatch('distribution', form);
  if (!allowed || !tickets) return null;
  const open = () =>
    whileBusy(async () => {
      const found = await api.get<Page<{ id: number; name: string }>>('/data/ticket-team/query', { pageSize: 200 });
      setTeams(found.records.map((team) => ({ value: team.id, label: team.name })));
      const dataset = String((record.titles as Record<string, string> | undefined)?.datasetId ?? '');
      form.setFieldsValue({
        name: `${dataset} ${String(record.version)}`.trim(),
        ticketType: 'label',
        jobSize: 10,
        distribution: 'round_robin',
        claimIdleMinutes: 30,
      });
    });
  const create = (values: Values) =>
    whileBusy(async () => {
      const made = await api.post<{ id: number }>('/data/ticket/create', { ...values, versionId: record.id });
      setTeams(null);
      const path = recordPath(tickets, 'show', made.id);
      if (path) await navigate(path);
    });
  const required = (label: string) => [{ required: true, message: t('validation:required', { label: t(label) }) }];
  return (
    <>
      <Button icon={<FileDoneOutlined />} loading={busy && !teams} onClick={() => void open()} data-testid="version-ticket">
        {t('ticket:work.newTicket')}
      </Button>
      <Modal
        open={teams !== null}
        title={t('ticket:work.newTicket')}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        confirmLoading={busy}
        onCancel={() => setTeams(null)}
        onOk={() => void form.validateFields().then(create)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('ticket:fields.name')} rules={[...required('ticket:fields.name'), { max: 100 }]}>
            <Input data-testid="ticket-name" />
          </Form.Item>
          <Form.Item name="ticketType" label={t('ticket:fields.ticketType')} rules={required('ticket:fields.ticketType')}>
            <Select
              options={['label', 'processing', 'quality_check'].map((value) => ({
                value,
                label: t(`ticket:types.${value === 'quality_check' ? 'qualityCheck' : value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="batch" label={t('ticket:fields.batch')} rules={[...required('ticket:fields.batch'), { max: 64 }]}>
            <Input data-testid="ticket-batch" />
          </Form.Item>
          <Form.Item name="teamId" label={t('ticket:fields.teamId')} rules={required('ticket:fields.teamId')}>
            <Select showSearch optionFilterProp="label" options={teams ?? []} data-testid="ticket-team" />
          </Form.Item>
          <Form.Item name="jobSize" label={t('ticket:fields.jobSize')} rules={required('ticket:fields.jobSize')}>
            <InputNumber min={JOB_SIZE.min} max={JOB_SIZE.max} precision={0} data-testid="ticket-job-size" />
          </Form.Item>
          <Form.Item name="distribution" label={t('ticket:fields.distribution')}>
            <Select options={DISTRIBUTIONS.map((option) => ({ value: option.value, label: t(option.label) }))} data-testid="ticket-distribution" />
          </Form.Item>
          {distribution === 'claim' && (
            <Form.Item name="claimIdleMinutes" label={t('ticket:fields.claimIdleMinutes')}>
              <InputNumber min={CLAIM_IDLE_MINUTES.min} max={CLAIM_IDLE_MINUTES.max} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="description" label={t('ticket:fields.description')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
