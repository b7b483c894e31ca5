import { ExperimentOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { notifier } from '../../../providers/notifier';
import { useBusy } from '../../hooks/use-busy';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { versionWorkApi } from './datasets-api';

type Work = 'training' | 'processing';
type Option = { value: number; label: string };
interface Values {
  name: string;
  mappingId?: number;
  taskId?: number;
  memberFilter?: string;
}

/**
 * A version page's work: export it as training data (LeRobot v3, through its robot type's mapping or
 * a chosen one), or run a processing task over it (all members, or a filter leaving 1 to 2000); either
 * opens the record that follows the work.
 */
export default function VersionWork({ record }: RecordProps) {
  useCatalogues(['curation', 'trainingData', 'processingRecord']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [work, setWork] = useState<Work | null>(null);
  const [options, setOptions] = useState<Option[]>([]);
  const { busy, whileBusy } = useBusy();
  const dataset = String((record.titles as Record<string, string> | undefined)?.datasetId ?? 'dataset');
  const open = (next: Work) =>
    whileBusy(async () => {
      const found =
        next === 'training'
          ? (await versionWorkApi.mappings()).records.map((row) => ({ value: row.id, label: row.robotType }))
          : (await versionWorkApi.processingTasks()).records.map((row) => ({ value: row.id, label: row.name }));
      setOptions(found);
      form.setFieldsValue({ name: `${dataset}-${String(record.version)}-${next === 'training' ? 'lerobot' : 'processing'}`, memberFilter: '' });
      setWork(next);
    });
  const start = (values: Values) =>
    whileBusy(async () => {
      const created =
        work === 'training'
          ? await versionWorkApi.exportTraining({ name: values.name, datasetVersionId: record.id, mappingId: values.mappingId ?? null })
          : await versionWorkApi.process({ name: values.name, datasetVersionId: record.id, taskId: values.taskId, memberFilter: values.memberFilter ?? '' });
      notifier.success(t(work === 'training' ? 'curation:work.exporting' : 'curation:work.processing'));
      setWork(null);
      const path = recordPath(entityListEntry(work === 'training' ? 'training-data' : 'processing-record')!, 'show', created.id);
      if (path) await navigate(path);
    });
  return (
    <>
      <Space>
        <Button icon={<ExportOutlined />} loading={busy && !work} onClick={() => void open('training')} data-testid="version-export">
          {t('curation:work.export')}
        </Button>
        <Button icon={<ExperimentOutlined />} loading={busy && !work} onClick={() => void open('processing')} data-testid="version-process">
          {t('curation:work.process')}
        </Button>
      </Space>
      <Modal
        open={work !== null}
        title={t(work === 'training' ? 'curation:work.export' : 'curation:work.process')}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        confirmLoading={busy}
        onCancel={() => setWork(null)}
        onOk={() => void form.validateFields().then(start)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('trainingData:fields.name')} rules={[{ required: true, whitespace: true, max: 128 }]}>
            <Input data-testid="work-name" />
          </Form.Item>
          {work === 'training' ? (
            <Form.Item name="mappingId" label={t('trainingData:fields.mappingId')} extra={t('curation:work.mappingHelp')}>
              <Select allowClear options={options} data-testid="work-mapping" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="taskId" label={t('processingRecord:fields.taskId')} rules={[{ required: true, message: t('curation:work.pickTask') }]}>
                <Select options={options} data-testid="work-task" />
              </Form.Item>
              <Form.Item name="memberFilter" label={t('processingRecord:fields.memberFilter')} extra={t('processingRecord:help.memberFilter')}>
                <Input placeholder='{"qualityLabel": "qualified"}' data-testid="work-filter" />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
