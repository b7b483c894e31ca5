import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Space, Spin, theme, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagePanel } from '../../components/page/page-panel';
import { clickDownload } from '../../components/schema/shared/save-file';
import { useCatalogues } from '../../hooks/use-catalogues';
import { api } from '../../../providers/http';
import { StatusTag, useInstanceStatuses } from './instance-status';
import { logApi } from './log-api';
import { logColors } from './log-row';
import { LogSearchBox, LogSearchResults } from './log-search';
import { LogToolbar } from './log-toolbar';
import { LogViewer } from './log-viewer';
import { instanceDetailPath, instanceList } from './paths';
import { useLogSearch } from './use-log-search';
import { useLogStream, type StreamState } from './use-log-stream';
import { useLogWindow } from './use-log-window';

type InstanceRecord = Record<string, unknown> & { id: number };

const STREAM_BADGE: Record<StreamState, 'processing' | 'warning' | 'default' | 'error'> = {
  connecting: 'default',
  live: 'processing',
  reconnecting: 'warning',
  ended: 'default',
  failed: 'error',
};

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['instanceLog'];

/** Spec §2 /taskFlow/ops/instanceLog/{instanceId}: one instance's log, opening at its last 500 lines (spec §9) and following it live. */
export default function InstanceLogPage() {
  const { instanceId = '' } = useParams();
  // Another instance is another log: nothing of this one's state carries over.
  return <InstanceLog key={instanceId} instanceId={instanceId} />;
}

function InstanceLog({ instanceId }: { instanceId: string }) {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const statuses = useInstanceStatuses();
  const record = useQuery({
    queryKey: ['instance-log', 'record', instanceId],
    queryFn: () => api.get<InstanceRecord>(`${instanceList().api}/get`, { id: instanceId }),
  });
  const { window: log, state } = useLogWindow(instanceId);
  const stream = useLogStream(instanceId, state.phase === 'ready' ? state.streamFrom : undefined, { onLines: (lines) => log.appendLive(lines) });
  const search = useLogSearch(
    instanceId,
    useCallback((seq: number) => void log.jumpTo(seq), [log]),
  );
  const [wrap, setWrap] = useState(false);
  const [downloading, setDownloading] = useState(false);

  // A log that could not be loaded is never followed (the stream opens after the first page): not "connecting" forever.
  const streamState: StreamState = state.phase === 'error' ? 'failed' : stream.state;
  const instance = record.data;
  const status = stream.status ?? (instance?.status as string | undefined);
  const jobName = String(instance?.k8sJobName ?? instanceId);
  const download = async () => {
    setDownloading(true);
    try {
      const { url } = await logApi.downloadUrl(instanceId);
      clickDownload(url, `${jobName}.log`);
    } catch {
      // told centrally (spec §8)
    } finally {
      setDownloading(false);
    }
  };

  const title = [t('menu:taskFlow.ops.instanceLog'), instance?.taskName, instance?.k8sJobName].filter(Boolean).join(' · ');
  return (
    <PagePanel
      title={title}
      extra={
        <Space>
          <StatusTag status={status} options={statuses} />
          <Badge status={STREAM_BADGE[streamState]} text={t(`instanceLog:stream.${streamState}`)} data-testid="log-stream-state" />
          <Link to={instanceDetailPath(instanceId)} data-testid="log-detail-link">
            <Button>{t('instanceLog:detail')}</Button>
          </Link>
        </Space>
      }
    >
      <div style={logColors(token)} data-testid="instance-log">
        <LogToolbar
          window={log}
          state={state}
          wrap={wrap}
          onWrap={setWrap}
          onDownload={() => void download()}
          downloading={downloading}
          search={<LogSearchBox search={search} />}
        />
        <LogSearchResults search={search} />
        {state.phase === 'loading' ? (
          <Spin spinning style={{ display: 'block', padding: 48 }} />
        ) : state.phase === 'error' ? (
          <Empty description={t('instanceLog:loadFailed')}>
            <Button onClick={() => void log.load()}>{t('instanceLog:retry')}</Button>
          </Empty>
        ) : state.lines.length ? (
          <Spin spinning={state.jumping || state.loadingOlder} size="small">
            <LogViewer window={log} state={state} wrap={wrap} query={search.query} />
          </Spin>
        ) : (
          <Empty description={t('instanceLog:noLines')} data-testid="log-empty" />
        )}
        {state.phase === 'ready' && stream.state === 'ended' && (
          <Typography.Text type="secondary">{t('instanceLog:ended', { lines: formatCount(state.total) })}</Typography.Text>
        )}
      </div>
    </PagePanel>
  );
}

const formatCount = (value: number) => value.toLocaleString('en-US');
