import { DownloadOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button, Card, List, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityListEntry } from '../../../../model/resources/index';
import { structuredFilesOf, type StructuredFile } from '../../../../model/schemas/structured-data';
import { notifier } from '../../../providers/notifier';
import { formatBytes, formatDateTime } from '../../components/schema/cells/format';
import { clickDownload } from '../../components/schema/shared/save-file';
import { useAllowed } from '../../hooks/use-allowed';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { refusalOf, structuredFilesApi } from './structured-files-api';

const LIST = entityListEntry('structured-data');

/** A button that picks one file and hands it over, never sent by antd itself. */
function PickFile({ label, icon, testId, onPick }: { label: string; icon: React.ReactNode; testId: string; onPick: (file: File) => void }) {
  return (
    <Upload showUploadList={false} maxCount={1} beforeUpload={(file) => (onPick(file), false)}>
      <Button size="small" icon={icon} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}

/**
 * A structured data record's files: name, size, SHA-256 and a download link each; a writer uploads
 * more and replaces one under its first name (spec §5). Given whether the caller may write, and told
 * when the record changed.
 */
export function StructuredFilesCard({ record, canWrite, onChanged }: RecordProps & { canWrite: boolean; onChanged?: () => void }) {
  useCatalogues(['structuredData']);
  const { t } = useTranslation();
  const [files, setFiles] = useState<StructuredFile[]>(() => structuredFilesOf(record.files));
  const [sending, setSending] = useState<string>();
  useEffect(() => setFiles(structuredFilesOf(record.files)), [record.files]);

  const send = (file: File, replacing?: string) => {
    const refusal = refusalOf(file, replacing);
    if (refusal) return notifier.warning(t(refusal[0], { ...refusal[1] }));
    setSending(file.name);
    // A refusal is told by the HTTP client (spec §8): nothing more to say here.
    void structuredFilesApi
      .upload(record.id, file, replacing)
      .then(
        (answer) => {
          setFiles(answer.files);
          notifier.success(t('structuredData:upload.done', { name: file.name }));
          onChanged?.();
        },
        () => undefined,
      )
      .finally(() => setSending(undefined));
  };
  const download = (name: string) =>
    void structuredFilesApi.link(record.id, name).then(
      (link) => clickDownload(link.url, link.fileName),
      () => undefined,
    );

  return (
    <Card
      size="small"
      title={t('structuredData:upload.title')}
      data-testid="structured-files"
      extra={
        canWrite && <PickFile label={t('structuredData:upload.add')} icon={<UploadOutlined />} testId="structured-file-add" onPick={(file) => send(file)} />
      }
    >
      <List
        size="small"
        loading={sending !== undefined}
        dataSource={files}
        rowKey="name"
        locale={{ emptyText: t('structuredData:upload.empty') }}
        renderItem={(file) => (
          <List.Item
            data-testid="structured-file"
            actions={[
              <Button
                key="download"
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => download(file.name)}
                data-testid="structured-file-download"
              >
                {t('structuredData:upload.download')}
              </Button>,
              ...(canWrite
                ? [
                    <PickFile
                      key="replace"
                      label={t('structuredData:upload.replace')}
                      icon={<SwapOutlined />}
                      testId="structured-file-replace"
                      onPick={(picked) => send(picked, file.name)}
                    />,
                  ]
                : []),
            ]}
          >
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{file.name}</Typography.Text>
              <Space size="large" wrap>
                <span data-testid="structured-file-size">
                  {t('structuredData:upload.size')}: {formatBytes(file.size)}
                </span>
                <Typography.Text type="secondary" copyable={{ text: file.sha256 }} data-testid="structured-file-sha256">
                  {t('structuredData:upload.sha256')}: <code>{file.sha256}</code>
                </Typography.Text>
                <span>
                  {t('structuredData:upload.time')}: {formatDateTime(file.time)}
                </span>
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The part of a structured data record's page: its files, uploaded by whoever may edit the record, which is read again after each upload. */
export default function StructuredFiles({ record }: RecordProps) {
  const resource = LIST?.fullPath ?? '';
  const canWrite = useAllowed(resource, 'edit') === true;
  const invalidate = useInvalidate();
  return (
    <StructuredFilesCard record={record} canWrite={canWrite} onChanged={() => void invalidate({ resource, id: record.id, invalidates: ['detail', 'list'] })} />
  );
}
