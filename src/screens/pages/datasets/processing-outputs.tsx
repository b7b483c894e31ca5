import { FileOutlined } from '@ant-design/icons';
import { Button, Card, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clickDownload } from '../../components/schema/shared/save-file';
import { formatBytes } from '../../components/schema/cells/format';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { instanceDetailPath, instanceLogPath } from '../instances/paths';
import { exportsApi } from './datasets-api';
import { isArray, jsonValue } from '../../components/schema/shared/json-value';

const filesOf = (text: unknown) => jsonValue(text, isArray, []) as { name: string; size: number }[];

/** A processing record's run, one click away (its page and its log), and the files it stored, each downloaded through a signed link. */
export default function ProcessingOutputs({ record }: RecordProps) {
  useCatalogues(['processingRecord', 'instanceLog']);
  const { t } = useTranslation();
  const files = filesOf(record.outputFiles);
  const run = record.instanceId ? Number(record.instanceId) : null;
  return (
    <Card size="small" title={t('processingRecord:fields.outputFiles')} data-testid="processing-outputs">
      {run && (
        <Space style={{ marginBottom: 8 }}>
          <Link to={instanceDetailPath(run)}>{t('instanceLog:detail')}</Link>
          <Link to={instanceLogPath(run)} data-testid="processing-log">
            {t('instanceLog:viewLog')}
          </Link>
        </Space>
      )}
      <List
        size="small"
        dataSource={files}
        locale={{ emptyText: '—' }}
        renderItem={(file) => (
          <List.Item>
            <Button
              type="link"
              icon={<FileOutlined />}
              onClick={() => void exportsApi.outputLink(record.id, file.name).then((link) => clickDownload(link.url, file.name))}
            >
              {file.name}
            </Button>
            {formatBytes(file.size)}
          </List.Item>
        )}
      />
    </Card>
  );
}
