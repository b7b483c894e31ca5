import { TagOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { entityByName } from '../../../../model/schemas/index';
import { SEMVER } from '../../../../model/schemas/limits';
import { api } from '../../../providers/http';
import { notifier } from '../../../providers/notifier';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';

/** The next minor version after the highest one published (1.2.0 → 1.3.0), or 1.0.0 for the first. */
export function nextVersion(published: readonly string[]): string {
  const numbers = published.flatMap((version) => (SEMVER.test(version) ? [version.split('.').map(Number) as [number, number, number]] : []));
  if (numbers.length === 0) return '1.0.0';
  const [major, minor] = numbers.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).at(-1)!;
  return `${major}.${minor + 1}.0`;
}

/** What a versioned record's "Publish" needs: its versions' entity and the field naming it, how many members it freezes, and its texts. */
interface VersionPublisherProps extends RecordProps {
  /** The versions' entity (its `version` and `description` fields, its list's API). */
  versions: string;
  /** The field of a version naming the record it versions. */
  parentField: string;
  /** How many members publishing freezes now. */
  count: number;
  /** Where the button's texts are: `button`, `title`, `done`, `frozen` under it. */
  texts: string;
  testId: string;
}

/**
 * A versioned record's "Publish" (a dataset's, a structured dataset's): freezes the members as they
 * are now into a version (the next one suggested), which nobody can change afterwards; its page opens
 * once published.
 */
export function VersionPublisher({ record, versions, parentField, count, texts, testId }: VersionPublisherProps) {
  const list = entityListEntry(versions)!;
  const namespace = entityByName.get(versions)!.label.split(':')[0]!;
  useCatalogues([texts.split(':')[0]!, namespace]);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ version: string; description?: string }>();
  const [open, setOpen] = useState(false);
  const { busy, whileBusy } = useBusy();
  const start = () =>
    void api.get<{ records: { version: string }[] }>(`${list.api}/query`, { [parentField]: record.id, pageSize: 100 }).then((page) => {
      form.setFieldsValue({ version: nextVersion(page.records.map((row) => row.version)), description: '' });
      setOpen(true);
    });
  const publish = (values: { version: string; description?: string }) =>
    whileBusy(async () => {
      const version = await api.post<{ id: number }>(`${list.api}/create`, {
        [parentField]: record.id,
        version: values.version,
        description: values.description ?? '',
      });
      notifier.success(t(`${texts}.done`, { version: values.version }));
      setOpen(false);
      const path = recordPath(list, 'show', version.id);
      if (path) await navigate(path);
    });
  return (
    <>
      <Button icon={<TagOutlined />} onClick={start} data-testid={testId}>
        {t(`${texts}.button`)}
      </Button>
      <Modal
        open={open}
        title={t(`${texts}.title`)}
        okText={t(`${texts}.button`)}
        cancelText={t('common:cancel')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={() => void form.validateFields().then(publish)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="version"
            label={t(`${namespace}:fields.version`)}
            rules={[{ required: true, pattern: SEMVER, message: t(`${namespace}:rules.version`) }]}
            extra={t(`${texts}.frozen`, { count })}
          >
            <Input data-testid="publish-version" />
          </Form.Item>
          <Form.Item name="description" label={t(`${namespace}:fields.description`)} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A dataset page's "Publish": its members (bags, with their clips and labels) into a dataset version. */
export default function PublishVersion({ record }: RecordProps) {
  return (
    <VersionPublisher
      record={record}
      versions="dataset-version"
      parentField="datasetId"
      count={Number(record.rawDataCount ?? 0)}
      texts="curation:publish"
      testId="dataset-publish"
    />
  );
}
