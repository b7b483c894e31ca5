import { DownloadOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { Button, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../components/schema/cells/format';
import type { LogWindow, LogWindowState } from './use-log-window';

interface LogToolbarProps {
  window: LogWindow;
  state: LogWindowState;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
  onDownload: () => void;
  downloading: boolean;
  /** The search box. */
  search: ReactNode;
}

const count = (value: number) => formatNumber(value, 0);

/** Follow, jump to latest, search, download, wrap and how many lines there are. */
export function LogToolbar({ window: log, state, wrap, onWrap, onDownload, downloading, search }: LogToolbarProps) {
  const { t } = useTranslation();
  const { lines, total, following, atLatest, jumping } = state;
  const behind = atLatest ? 0 : Math.max(0, total - (lines.last?.seq ?? 0));
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} data-testid="log-toolbar">
      <Space wrap>
        <Space size={4}>
          <Switch size="small" checked={following} onChange={(on) => (on ? void log.showLatest() : log.setFollowing(false))} data-testid="log-follow" />
          <Typography.Text>{t('instanceLog:follow')}</Typography.Text>
        </Space>
        {!following && (
          <Button size="small" icon={<VerticalAlignBottomOutlined />} loading={jumping} onClick={() => void log.showLatest()} data-testid="log-latest">
            {behind ? t('instanceLog:jumpToLatestBehind', { lines: count(behind) }) : t('instanceLog:jumpToLatest')}
          </Button>
        )}
        {search}
      </Space>
      <Space wrap>
        <Typography.Text type="secondary" data-testid="log-count">
          {lines.length
            ? t('instanceLog:lineCount', { first: count(lines.first!.seq), last: count(lines.last!.seq), total: count(Math.max(total, lines.last!.seq)) })
            : t('instanceLog:noLines')}
        </Typography.Text>
        <Space size={4}>
          <Switch size="small" checked={wrap} onChange={onWrap} data-testid="log-wrap" />
          <Typography.Text>{t('instanceLog:wrap')}</Typography.Text>
        </Space>
        <Button size="small" icon={<DownloadOutlined />} loading={downloading} onClick={onDownload} data-testid="log-download">
          {t('instanceLog:download')}
        </Button>
      </Space>
    </Space>
  );
}
