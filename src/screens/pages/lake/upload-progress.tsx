import { CloseOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration } from '../../components/schema/cells/format';
import { speedOf, type Sample } from './speed';
import { STAGES, type FileProgress } from './upload-file';
import { totalOf, type UploadItem } from './use-uploads';

/** "12.00 MB / 40.00 MB · 3.10 MB/s · 9s left": what is done, how fast, and how long it will still take. */
export function useProgressText() {
  const { t } = useTranslation();
  const units = t('common:durationUnits', { returnObjects: true }) as [string, string, string, string];
  return (done: number, total: number, samples: readonly Sample[]) => {
    const { speed, secondsLeft } = speedOf(samples, total);
    const parts = [`${formatBytes(done)} / ${formatBytes(total)}`];
    if (speed !== undefined && done < total) parts.push(t('lake:upload.speed', { speed: formatBytes(Math.round(speed)) }));
    if (secondsLeft !== undefined && done < total) parts.push(t('lake:upload.left', { time: formatDuration(Math.ceil(secondsLeft), units) }));
    return parts.join(' · ');
  };
}

const percentOf = ({ stage, done }: FileProgress, size: number) => (stage === 'md5' || stage === 'uploading' ? Math.floor((done * 100) / size) : 100);

/** One file: its stages (MD5 → upload → waiting → parsing → completed), its bar, and why it failed. */
export function UploadProgress({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const { t } = useTranslation();
  const text = useProgressText();
  const { progress, file } = item;
  const failed = progress.stage === 'failed';
  const reached = item.reached;
  const reason = progress.failure ? t(`fileUpload:failures.${progress.failure}`) : progress.message;
  return (
    <div data-testid="upload-file" data-file={file.name} data-stage={progress.stage} style={{ marginTop: 16 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong ellipsis>
          {file.name}
        </Typography.Text>
        {(progress.stage === 'md5' || progress.stage === 'uploading') && (
          <Button size="small" type="text" icon={<CloseOutlined />} onClick={onCancel}>
            {t('lake:upload.cancel')}
          </Button>
        )}
      </Space>
      <Steps
        size="small"
        current={reached}
        status={failed ? 'error' : progress.stage === 'completed' ? 'finish' : 'process'}
        items={STAGES.map((stage) => ({ title: t(`fileUpload:stages.${stage}`) }))}
      />
      <Progress percent={percentOf(progress, file.size)} status={failed ? 'exception' : progress.stage === 'completed' ? 'success' : 'active'} />
      <Typography.Text type={failed ? 'danger' : 'secondary'}>{failed ? reason : text(progress.done, file.size, item.samples)}</Typography.Text>
    </div>
  );
}

/** Every file together: bytes sent of all, at what speed, for how long still. */
export function UploadTotal({ items, samples }: { items: UploadItem[]; samples: readonly Sample[] }) {
  const { t } = useTranslation();
  const text = useProgressText();
  const { done, total } = totalOf(items);
  return (
    <div data-testid="upload-total">
      <Typography.Text strong>{t('lake:upload.total')}</Typography.Text>
      <Progress percent={total ? Math.floor((done * 100) / total) : 0} />
      <Typography.Text type="secondary">{text(done, total, samples)}</Typography.Text>
    </div>
  );
}
