import { Empty, theme } from 'antd';
import { Link } from 'react-router';
import { tooltipOf, useColors, type ChartDatum } from './chart-datum';
import './charts.css';

export interface BarListProps {
  data: ChartDatum[];
  format: (value: number) => string;
  title: string;
  /** Rows shown; the rest add up to one last row named `othersLabel`. */
  limit?: number;
  othersLabel?: string;
  testId?: string;
}

/** Horizontal bars for named values (robot types, failure reasons), largest first; each label links to its records. */
export function BarList({ data, format, title, limit = 10, othersLabel = '…', testId }: BarListProps) {
  const { token } = theme.useToken();
  const rest = data.slice(limit);
  const rows: ChartDatum[] = rest.length
    ? [...data.slice(0, limit), { key: '\u0000others', label: othersLabel, value: rest.reduce((sum, datum) => sum + datum.value, 0), color: 'default' }]
    : data;
  const colors = useColors(rows.map((row) => ({ ...row, color: row.color ?? '#5B8FF9' })));
  const max = Math.max(0, ...rows.map((row) => row.value));
  if (max <= 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} data-testid={testId} />;
  return (
    <ul className="edp-bar-list" aria-label={title} data-testid={testId}>
      {rows.map((row, index) => (
        <li key={row.key} title={tooltipOf(row, format)}>
          <span className="edp-bar-label">{row.href ? <Link to={row.href}>{row.label}</Link> : row.label}</span>
          <span className="edp-bar-track" style={{ background: token.colorFillSecondary }}>
            <span className="edp-bar-fill" style={{ display: 'block', width: `${(row.value / max) * 100}%`, background: colors[index] }} />
          </span>
          <span className="edp-bar-value">{format(row.value)}</span>
        </li>
      ))}
    </ul>
  );
}
