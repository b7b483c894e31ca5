import { Descriptions, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Cell } from '../../components/schema/cells/cells';

/** The code's first lines: enough to recognise it in the confirmation. */
const PREVIEW_LINES = 8;

/** What a run will run: the task's image, resources, timeout, environment and the start of its code. */
export function RunSummary({ record, t }: { record: Record<string, unknown>; t: TFunction }) {
  const titles = (record.titles ?? {}) as Record<string, string>;
  const environment = String(record.environment ?? '').trim();
  const code = String(record.code ?? '').split('\n');
  return (
    <Descriptions column={1} size="small" bordered data-testid="run-summary">
      <Descriptions.Item label={t('runs:run.image')}>{titles.image ?? String(record.image ?? '')}</Descriptions.Item>
      <Descriptions.Item label={t('runs:run.memory')}>
        <Cell spec={{ widget: 'bytes' }} value={record.memory} />
      </Descriptions.Item>
      <Descriptions.Item label={t('runs:run.gpuCards')}>{String(record.gpuCards ?? 0)}</Descriptions.Item>
      <Descriptions.Item label={t('runs:run.timeout')}>
        <Cell spec={{ widget: 'duration' }} value={record.timeoutTime} />
      </Descriptions.Item>
      <Descriptions.Item label={t('runs:run.environment')}>
        {environment ? (
          <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
            {environment}
          </Typography.Text>
        ) : (
          t('runs:run.none')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('runs:run.code')}>
        <pre style={{ margin: 0, maxHeight: 160, overflow: 'auto', fontSize: 12 }}>
          {code.slice(0, PREVIEW_LINES).join('\n')}
          {code.length > PREVIEW_LINES ? `\n… (${code.length} lines)` : ''}
        </pre>
      </Descriptions.Item>
    </Descriptions>
  );
}
