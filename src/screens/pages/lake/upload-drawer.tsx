import { InboxOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button, Divider, Drawer, Form, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogues } from '../../hooks/use-catalogues';
import { notifier } from '../../../providers/notifier';
import type { EntityInfo } from '../../../../model/schemas/engine/info';
import { fileMd5, partMd5 } from './file-md5';
import { pickFiles } from './pick-files';
import { uploadApi, type UploadMetadata } from './upload-api';
import { UploadMetadataForm, type MetadataValues } from './upload-metadata-form';
import { UploadProgress, UploadTotal } from './upload-progress';
import { useUploads } from './use-uploads';

const deps = { api: uploadApi, hashFile: fileMd5, partMd5 };
const given = (values: MetadataValues) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));

/** Spec §5 upload: the files, the metadata they go with, and each file's way to a bag. Loaded when first opened. */
export default function UploadDrawer({ open, onClose, resource, bag }: { open: boolean; onClose: () => void; resource: string; bag: EntityInfo }) {
  useCatalogues(['lake', 'fileUpload']);
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<MetadataValues>();
  const [chosen, setChosen] = useState<File[]>([]);
  const { items, totalSamples, add, cancel, clearFinished } = useUploads(deps, () => void invalidate({ resource, invalidates: ['list'] }));

  const choose = (files: File[]) => {
    const { accepted, refused } = pickFiles(files, chosen);
    for (const { file, reason } of refused) notifier.warning(t(reason), file.name);
    if (accepted.length) setChosen((current) => [...current, ...accepted]);
  };
  const start = async () => {
    if (!chosen.length) return notifier.warning(t('lake:upload.noFiles'));
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    add(chosen, { ...(given(values) as UploadMetadata), uploadType: 'manual' });
    setChosen([]);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={720}
      title={t('lake:upload.title')}
      extra={
        <Space>
          <Button onClick={clearFinished}>{t('lake:upload.clear')}</Button>
          <Button type="primary" onClick={() => void start()}>
            {t('lake:upload.start')}
          </Button>
        </Space>
      }
    >
      <UploadMetadataForm form={form} bag={bag} />
      <Upload.Dragger
        multiple
        height={180}
        showUploadList={false}
        beforeUpload={(_file, list) => {
          if (_file === list[0]) choose(list);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('lake:upload.drop')}</p>
        <p className="ant-upload-hint">{t('lake:upload.hint')}</p>
      </Upload.Dragger>
      {chosen.length > 0 && (
        <Space wrap style={{ marginTop: 12 }} data-testid="upload-chosen">
          {chosen.map((file) => (
            <Tag
              key={`${file.name}:${file.size}:${file.lastModified}`}
              closable
              onClose={() => setChosen((current) => current.filter((other) => other !== file))}
            >
              {file.name}
            </Tag>
          ))}
        </Space>
      )}
      {items.length > 0 && (
        <>
          <Divider />
          <UploadTotal items={items} samples={totalSamples} />
          {items.map((item) => (
            <UploadProgress key={item.key} item={item} onCancel={() => cancel(item.key)} />
          ))}
        </>
      )}
    </Drawer>
  );
}
