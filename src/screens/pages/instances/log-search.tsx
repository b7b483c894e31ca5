import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLogTime, highlight } from './log-row';
import type { useLogSearch } from './use-log-search';

type Search = ReturnType<typeof useLogSearch>;

/** The search box, with previous/next through the matches. */
export function LogSearchBox({ search }: { search: Search }) {
  const { t } = useTranslation();
  const { matches, current, query } = search;
  return (
    <Space.Compact>
      <Input.Search
        allowClear
        placeholder={t('instanceLog:search.placeholder')}
        onSearch={(text) => void search.search(text)}
        loading={search.searching}
        style={{ width: 260 }}
        data-testid="log-search-input"
      />
      {query && (
        <>
          <Button icon={<UpOutlined />} title={t('instanceLog:search.previous')} disabled={!matches.length} onClick={search.previous} />
          <Button icon={<DownOutlined />} title={t('instanceLog:search.next')} disabled={!matches.length} onClick={search.next} />
        </>
      )}
      {query && (
        <Button disabled>
          {matches.length
            ? t('instanceLog:search.position', { current: current < 0 ? '-' : current + 1, count: matches.length })
            : t('instanceLog:search.none')}
        </Button>
      )}
    </Space.Compact>
  );
}

/** The matches (at most a few thousand, so a plain list): each with its seq and time; a click shows it in the log. */
export function LogSearchResults({ search }: { search: Search }) {
  const { t } = useTranslation();
  const { matches, current, query, hasEarlier, searching } = search;
  if (!query || (!matches.length && searching)) return null;
  return (
    <div className="edp-log-results" data-testid="log-search-results">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('instanceLog:search.matches', { count: matches.length, query })}</Typography.Text>
        <Space>
          {hasEarlier && (
            <Button size="small" type="link" loading={searching} onClick={() => void search.loadEarlier()}>
              {t('instanceLog:search.earlier')}
            </Button>
          )}
          <Button size="small" type="text" icon={<CloseOutlined />} title={t('instanceLog:search.close')} onClick={search.clear} />
        </Space>
      </Space>
      <ol className="edp-log-result-list">
        {matches.map((line, index) => (
          <li key={line.seq}>
            <button
              type="button"
              className={`edp-log-row edp-log-result${line.stream === 'stderr' ? ' edp-log-stderr' : ''}${index === current ? ' edp-log-focus' : ''}`}
              onClick={() => search.show(index)}
              data-seq={line.seq}
            >
              <span className="edp-log-seq">{line.seq}</span>
              <span className="edp-log-time">{formatLogTime(line.time)}</span>
              <span className="edp-log-text">{highlight(line.text.slice(0, 500), query)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
