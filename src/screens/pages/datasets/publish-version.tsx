import { TagOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { SEMVER } from '../../../../model/schemas/limits';
import { notifier } from '../../../providers/notifier';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { datasetsApi } from './datasets-api';

/** The next minor version after the highest one published (1.2.0 → 1.3.0), or 1.0.0 for the first. */
export function nextVersion(published: readonly string[]): string {
  const numbers = published.flatMap((version) => (SEMVER.test(version) ? [version.split('.').map(Number) as [number, number, number]] : []));
  if (numbers.length === 0) return '1.0.0';
  const [major, minor] = numbers.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).at(-1)!;
  return `${major}.${minor + 1}.0`;
}

/**
 * A dataset page's "Publish": freezes the members as they are now into a version (the next one
 * suggested), which nobody can change afterwards; its page opens once published.
 */
export default function PublishVersion({ record }: RecordProps) {
  useCatalogues(['curation', 'datasetVersion']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ version: string; description?: string }>();
  const [open, setOpen] = useState(false);
  const { busy, whileBusy } = useBusy();
  const start = () =>
    void datasetsApi.versions(record.id).then((page) => {
      form.setFieldsValue({ version: nextVersion(page.records.map((row) => row.version)), description: '' });
      setOpen(true);
    });
  const publish = (values: { version: string; description?: string }) =>
    whileBusy(async () => {
      const version = await datasetsApi.publish({ datasetId: record.id, version: values.version, description: values.description ?? '' });
      notifier.success(t('curation:publish.done', { version: values.version }));
      setOpen(false);
      const path = recordPath(entityListEntry('dataset-version')!, 'show', version.id);
      if (path) await navigate(path);
    });
  return (
    <>
      <Button icon={<TagOutlined />} onClick={start} data-testid="dataset-publish">
        {t('curation:publish.button')}
      </Button>
      <Modal
        open={open}
        title={t('curation:publish.title')}
        okText={t('curation:publish.button')}
        cancelText={t('common:cancel')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={() => void form.validateFields().then(publish)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="version"
            label={t('datasetVersion:fields.version')}
            rules={[{ required: true, pattern: SEMVER, message: t('datasetVersion:rules.version') }]}
            extra={t('curation:publish.frozen', { count: Number(record.rawDataCount ?? 0) })}
          >
            <Input data-testid="publish-version" />
          </Form.Item>
          <Form.Item name="description" label={t('datasetVersion:fields.description')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
