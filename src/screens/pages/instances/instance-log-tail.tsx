import { useInvalidate } from '@refinedev/core';
import { Badge, Empty, Space, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogues } from '../../hooks/use-catalogues';
import { logApi, type LogEntry } from './log-api';
import { logColors, LogRow } from './log-row';
import { instanceList, instanceLogPath } from './paths';
import { useLogStream } from './use-log-stream';
import './log-viewer.css';

/** Lines the instance page shows of its log. */
export const TAIL_LINES = 50;

/** The last lines of a log, following it live; the rest is let go. */
export function useLogTail(instanceId: number | string, size = TAIL_LINES, onStatus?: (status: string) => void) {
  const [lines, setLines] = useState<LogEntry[]>();
  const [from, setFrom] = useState<number>();
  useEffect(() => {
    let current = true;
    logApi
      .tail(instanceId, size)
      .then((page) => current && (setLines(page.lines), setFrom(page.lines.at(-1)?.seq ?? 0)))
      .catch(() => current && setLines([])); // told centrally
    return () => void (current = false);
  }, [instanceId, size]);
  const stream = useLogStream(instanceId, from, {
    onLines: (fresh) =>
      setLines((now = []) => {
        const last = now.at(-1)?.seq ?? 0;
        return [...now, ...fresh.filter((line) => line.seq > last)].slice(-size);
      }),
    onStatus,
  });
  return { lines, ...stream };
}

/** The instance page's last 50 log lines, live, with the way to the whole log. */
export default function InstanceLogTail({ record }: { record: Record<string, unknown> & { id: number } }) {
  useCatalogues(['instanceLog']);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const invalidate = useInvalidate();
  const shownStatus = useRef(record.status);
  shownStatus.current = record.status;
  // A change of state the page does not show yet (the run ended meanwhile): the record is read again.
  const onStatus = (status: string) => {
    if (status !== shownStatus.current) void invalidate({ resource: instanceList().fullPath, id: record.id, invalidates: ['detail', 'list'] });
  };
  const { lines, state } = useLogTail(record.id, TAIL_LINES, onStatus);
  const body = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const element = body.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [lines]);
  const onScroll = () => {
    const element = body.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
  };
  return (
    <section data-testid="instance-log-tail" style={logColors(token)}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={5}>{t('instanceLog:tail.title', { lines: TAIL_LINES })}</Typography.Title>
        <Space>
          <Badge status={state === 'live' ? 'processing' : 'default'} text={t(`instanceLog:stream.${state}`)} />
          <Link to={instanceLogPath(record.id)}>{t('instanceLog:tail.full')}</Link>
        </Space>
      </Space>
      {lines?.length ? (
        <div ref={body} className="edp-log-view edp-log-tail edp-log-static" role="log" onScroll={onScroll}>
          {lines.map((line) => (
            <LogRow key={line.seq} line={line} />
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instanceLog:noLines')} />
      )}
    </section>
  );
}
