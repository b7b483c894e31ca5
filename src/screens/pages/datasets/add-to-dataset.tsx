import { FolderAddOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../providers/notifier';
import { ConfirmTyping } from '../../components/schema/actions/confirm-typing';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import { useSession } from '../../hooks/use-session';
import type { BulkToolProps } from '../../route-modules';
import { datasetsApi, type Selection } from './datasets-api';
import { SelectionChoice } from './selection-choice';

type Target = 'existing' | 'raw' | 'logic';
interface Choice {
  all: boolean;
  target: Target;
  datasetId?: number;
  name?: string;
}

/**
 * The raw-data list's "Add to dataset": the selected bags, or all that match the filter, join a raw
 * dataset (existing or new) behind spec §5's "type yes" with the count; or the filter itself is saved
 * as a new logic dataset, whose members are whatever it matches from now on.
 */
export default function AddToDataset({ ids, filters, total, onDone }: BulkToolProps) {
  useCatalogues(['curation', 'dataset']);
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [form] = Form.useForm<Choice>();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Choice | null>(null);
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const { busy, whileBusy } = useBusy();
  const search = (name: string) =>
    void datasetsApi.rawDatasets(name).then((page) => setOptions(page.records.map((row) => ({ value: row.id, label: row.name }))));

  const apply = (choice: Choice) =>
    whileBusy(async () => {
      const owner = userInfo?.code ?? '';
      if (choice.target === 'logic') {
        await datasetsApi.createDataset({ name: choice.name, datasetType: 'logic', owner, filter: JSON.stringify(filters) });
        notifier.success(t('curation:add.savedFilter', { name: choice.name }));
      } else {
        const datasetId = choice.target === 'raw' ? (await datasetsApi.createDataset({ name: choice.name, datasetType: 'raw', owner })).id : choice.datasetId!;
        const selection: Selection = choice.all ? { filter: filters } : { ids };
        const outcome = await datasetsApi.addBags(datasetId, selection);
        notifier.success(t('curation:add.done', outcome));
      }
      setConfirming(null);
      setOpen(false);
      onDone();
    });

  return (
    <>
      <Button size="small" icon={<FolderAddOutlined />} onClick={() => setOpen(true)} data-testid="bulk-add-to-dataset">
        {t('curation:add.button')}
      </Button>
      <Modal
        open={open}
        title={t('curation:add.title')}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => void form.validateFields().then((choice) => (choice.target === 'logic' ? apply(choice) : setConfirming(choice)))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ all: false, target: 'existing' }} preserve={false}>
          <Form.Item name="all" label={t('curation:selection.label')}>
            <SelectionChoice selected={ids.length} total={total} />
          </Form.Item>
          <Form.Item name="target" label={t('curation:add.target')}>
            <Radio.Group>
              <Radio value="existing">{t('curation:add.existing')}</Radio>
              <Radio value="raw">{t('curation:add.newRaw')}</Radio>
              <Radio value="logic">{t('curation:add.newLogic')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item noStyle dependencies={['target']}>
            {({ getFieldValue }) =>
              getFieldValue('target') === 'existing' ? (
                <Form.Item name="datasetId" label={t('dataset:_')} rules={[{ required: true, message: t('curation:add.pickDataset') }]}>
                  <Select showSearch filterOption={false} onSearch={search} onFocus={() => search('')} options={options} data-testid="dataset-select" />
                </Form.Item>
              ) : (
                <Form.Item
                  name="name"
                  label={t('dataset:fields.name')}
                  rules={[{ required: true, whitespace: true, max: 128, message: t('curation:add.nameDataset') }]}
                >
                  <Input data-testid="new-dataset-name" />
                </Form.Item>
              )
            }
          </Form.Item>
        </Form>
      </Modal>
      {confirming && (
        <ConfirmTyping
          action={t('curation:add.button')}
          count={confirming.all ? total : ids.length}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void apply(confirming)}
        />
      )}
    </>
  );
}
