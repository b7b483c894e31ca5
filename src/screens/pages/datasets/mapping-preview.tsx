import { Button, Card, Descriptions, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { exportsApi, type MappingPreview } from './datasets-api';

const numbers = (values: number[] | null) => (values ? values.map((value) => Number(value.toFixed(4))).join(', ') : '—');

/**
 * A mapping tried on one recording before an export uses it: the recording's topics (the mapped ones
 * marked), the features the mapping gives and its first frames. A mapping that does not fit is told
 * with the topic or field at fault.
 */
export default function MappingPreviewPart({ record }: RecordProps) {
  useCatalogues(['trainingMapping']);
  const { t } = useTranslation();
  const [bagId, setBagId] = useState<number | null>(null);
  const [preview, setPreview] = useState<MappingPreview | null>(null);
  const { busy, whileBusy } = useBusy();
  const mapping = String(record.mapping ?? '');
  const mapped = new Set(mapping.match(/"topic"\s*:\s*"([^"]+)"/g)?.map((pair) => pair.replace(/.*"([^"]+)"$/, '$1')) ?? []);
  const run = () => whileBusy(async () => setPreview(bagId ? await exportsApi.preview(mapping, bagId) : null));
  return (
    <Card size="small" title={t('trainingMapping:preview.title')} data-testid="mapping-preview">
      <Space style={{ marginBottom: 12 }}>
        <InputNumber min={1} placeholder={t('trainingMapping:preview.bag')} value={bagId} onChange={(value) => setBagId(value)} style={{ width: 200 }} />
        <Button type="primary" loading={busy} disabled={!bagId} onClick={() => void run()} data-testid="mapping-preview-run">
          {t('trainingMapping:preview.run')}
        </Button>
      </Space>
      {preview && (
        <>
          <Descriptions size="small" column={1} title={t('trainingMapping:preview.features')}>
            <Descriptions.Item label="observation.state">
              [{preview.probe.stateDims}] {preview.probe.stateNames?.join(', ')}
            </Descriptions.Item>
            {preview.probe.actionDims !== undefined && (
              <Descriptions.Item label="action">
                [{preview.probe.actionDims}] {preview.probe.actionNames?.join(', ')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('trainingMapping:preview.frames')}>
              {t('trainingMapping:preview.expected', { count: preview.probe.expectedFrames })}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey={(_, index) => String(index)}
            pagination={false}
            dataSource={preview.frames}
            columns={[
              { title: 'observation.state', dataIndex: 'state', render: numbers },
              { title: 'action', dataIndex: 'action', render: numbers },
              { title: 'images (bytes)', dataIndex: 'imageBytes', render: (sizes: number[]) => sizes.join(', ') || '—' },
            ]}
          />
          <Descriptions size="small" column={1} title={t('trainingMapping:preview.topics')} style={{ marginTop: 12 }}>
            {preview.topics.map((topic) => (
              <Descriptions.Item key={topic.topic} label={mapped.has(topic.topic) ? <Tag color="orange">{topic.topic}</Tag> : topic.topic}>
                {topic.messageType}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      )}
    </Card>
  );
}
