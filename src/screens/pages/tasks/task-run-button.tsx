import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogues } from '../../hooks/use-catalogues';
import { RunSummary } from './run-summary';
import { useRunTask } from './use-run-task';

/** Run: on a task's row and its page, after a confirmation that shows what will run. A removed task offers no run. */
export default function TaskRunButton({ record }: { record: Record<string, unknown> & { id: number } }) {
  useCatalogues(['runs']);
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { run, running } = useRunTask(record.id);
  if (record.status === 'deleted') return null;
  return (
    <>
      <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => setOpen(true)} data-testid="task-run">
        {t('runs:run.action')}
      </Button>
      <Modal
        open={open}
        title={t('runs:run.confirmTitle', { name: String(record.name ?? record.id) })}
        okText={t('runs:run.action')}
        cancelText={t('common:cancel')}
        confirmLoading={running}
        onOk={() => void run().then(() => setOpen(false))}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <RunSummary record={record} t={t} />
      </Modal>
    </>
  );
}
