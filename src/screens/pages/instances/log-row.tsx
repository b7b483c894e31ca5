import type { GlobalToken } from 'antd';
import { memo, type CSSProperties, type ReactNode, type Ref } from 'react';
import type { LogEntry } from './log-api';

/** A line longer than this is shown cut (the download has it whole): one huge line must not stall the page. */
export const MAX_SHOWN_CHARS = 10_000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** HH:mm:ss.SSS in local time. */
export function formatLogTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--:--:--.---';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** The text with each occurrence of `query` (any case) marked. */
export function highlight(text: string, query?: string): ReactNode {
  if (!query) return text;
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0 && needle; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (!parts.length) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

interface LogRowProps {
  line: LogEntry;
  query?: string;
  focused?: boolean;
  /** In a virtualised list: where the row starts, and its height (none when wrapped rows are measured). */
  start?: number;
  height?: number;
  index?: number;
  rowRef?: Ref<HTMLDivElement>;
}

/** One log line: seq gutter, time, text (stderr tinted). */
export const LogRow = memo(function LogRow({ line, query, focused, start, height, index, rowRef }: LogRowProps) {
  const shown = line.text.length > MAX_SHOWN_CHARS ? `${line.text.slice(0, MAX_SHOWN_CHARS)} …` : line.text;
  return (
    <div
      ref={rowRef}
      data-index={index}
      data-seq={line.seq}
      className={`edp-log-row${line.stream === 'stderr' ? ' edp-log-stderr' : ''}${focused ? ' edp-log-focus' : ''}`}
      style={start === undefined ? undefined : { transform: `translateY(${start}px)`, height }}
    >
      <span className="edp-log-seq">{line.seq}</span>
      <span className="edp-log-time">{formatLogTime(line.time)}</span>
      <span className="edp-log-text">{highlight(shown, query)}</span>
    </div>
  );
});

/** The log's colours from the theme (light or dark), as the CSS variables log-viewer.css reads. */
export const logColors = (token: GlobalToken) =>
  ({
    '--edp-log-bg': token.colorFillQuaternary,
    '--edp-log-fg': token.colorText,
    '--edp-log-muted': token.colorTextTertiary,
    '--edp-log-border': token.colorBorderSecondary,
    '--edp-log-hover': token.colorFillSecondary,
    '--edp-log-stderr-bg': token.colorErrorBg,
    '--edp-log-stderr-fg': token.colorErrorText,
    '--edp-log-focus': token.colorPrimary,
    '--edp-log-mark': token.colorWarningBgHover,
  }) as CSSProperties;
