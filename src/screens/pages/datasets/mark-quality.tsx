import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../providers/notifier';
import { ConfirmTyping } from '../../components/schema/actions/confirm-typing';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { BulkToolProps } from '../../route-modules';
import { datasetsApi } from './datasets-api';
import { SelectionChoice } from './selection-choice';

interface Marks {
  all: boolean;
  qualityLabel: 'qualified' | 'unqualified' | 'unchecked';
  qualitySubLabel?: string;
  qualityDescription?: string;
  addLabels?: string[];
  removeLabels?: string[];
}

/**
 * Spec §1/§4 quality in bulk: qualified, unqualified with one of the space's failure reasons (Drop
 * Error, Object Too Small, Bag End Too Early...), or unchecked; a description; labels added and taken
 * away. Behind "type yes" with the count; each bag changed is audited by the server.
 */
export default function MarkQuality({ ids, filters, total, onDone }: BulkToolProps) {
  useCatalogues(['curation', 'bag']);
  const { t } = useTranslation();
  const [form] = Form.useForm<Marks>();
  const [open, setOpen] = useState(false);
  const [reasons, setReasons] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<Marks | null>(null);
  const { busy, whileBusy } = useBusy();
  const start = () => {
    setOpen(true);
    void datasetsApi.failureLabels().then((page) => setReasons(page.records.map((row) => row.name)));
  };
  const apply = ({ all, ...marks }: Marks) =>
    whileBusy(async () => {
      const outcome = await datasetsApi.markQuality(marks as unknown as Record<string, unknown>, all ? { filter: filters } : { ids });
      notifier.success(t('curation:quality.done', outcome));
      setConfirming(null);
      setOpen(false);
      onDone();
    });
  return (
    <>
      <Button size="small" icon={<SafetyCertificateOutlined />} onClick={start} data-testid="bulk-mark-quality">
        {t('curation:quality.button')}
      </Button>
      <Modal
        open={open}
        title={t('curation:quality.title')}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => void form.validateFields().then(setConfirming)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ all: false, qualityLabel: 'qualified' }} preserve={false}>
          <Form.Item name="all" label={t('curation:selection.label')}>
            <SelectionChoice selected={ids.length} total={total} />
          </Form.Item>
          <Form.Item name="qualityLabel" label={t('bag:fields.qualityLabel')}>
            <Radio.Group>
              {(['qualified', 'unqualified', 'unchecked'] as const).map((value) => (
                <Radio key={value} value={value}>
                  {t(`bag:quality.${value}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item noStyle dependencies={['qualityLabel']}>
            {({ getFieldValue }) =>
              getFieldValue('qualityLabel') === 'unqualified' && (
                <Form.Item
                  name="qualitySubLabel"
                  label={t('curation:quality.reason')}
                  rules={[{ required: true, message: t('curation:errors.failureReason') }]}
                >
                  <Select options={reasons.map((name) => ({ value: name, label: name }))} data-testid="failure-reason" />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="qualityDescription" label={t('bag:fields.qualityDescription')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="addLabels" label={t('curation:quality.addLabels')}>
            <Select mode="tags" tokenSeparators={[',']} open={false} />
          </Form.Item>
          <Form.Item name="removeLabels" label={t('curation:quality.removeLabels')}>
            <Select mode="tags" tokenSeparators={[',']} open={false} />
          </Form.Item>
        </Form>
      </Modal>
      {confirming && (
        <ConfirmTyping
          action={t('curation:quality.button')}
          count={confirming.all ? total : ids.length}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void apply(confirming)}
        />
      )}
    </>
  );
}
