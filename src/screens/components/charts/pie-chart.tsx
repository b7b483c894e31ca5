import { Empty, theme } from 'antd';
import { Link, useNavigate } from 'react-router';
import { tooltipOf, useColors, type ChartDatum } from './chart-datum';
import './charts.css';

export interface PieChartProps {
  data: ChartDatum[];
  format: (value: number) => string;
  title: string;
  /** What the centre says under the total. */
  caption?: string;
  size?: number;
  testId?: string;
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

/**
 * A ring of shares with its legend; slices and legend entries link to the records behind them.
 * Each slice is a dashed circle stroke, so a single 100 % slice needs no special arc.
 */
export function PieChart({ data, format, title, caption, size = 168, testId }: PieChartProps) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const colors = useColors(data);
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  if (total <= 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} data-testid={testId} />;
  const thickness = size * 0.18;
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  let offset = 0;

  return (
    <div className="edp-pie" data-testid={testId}>
      <svg width={size} height={size} role="group" aria-label={title} style={{ flex: 'none' }}>
        <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
          {data.map((datum, index) => {
            const length = (datum.value / total) * circumference;
            const start = offset;
            offset += length;
            if (datum.value <= 0) return null;
            const open = datum.href ? () => navigate(datum.href!) : undefined;
            return (
              <circle
                key={datum.key}
                className={`edp-chart-slice${open ? ' edp-chart-link' : ''}`}
                cx={size / 2}
                cy={size / 2}
                r={radius}
                fill="none"
                stroke={colors[index]}
                strokeWidth={thickness}
                strokeDasharray={`${length} ${circumference - length}`}
                strokeDashoffset={-start}
                onClick={open}
              >
                <title>{`${tooltipOf(datum, format)} (${percent(datum.value, total)})`}</title>
              </circle>
            );
          })}
        </g>
        <text x={size / 2} y={size / 2} textAnchor="middle" fontSize={16} fontWeight={600} fill={token.colorText}>
          {format(total)}
        </text>
        {caption && (
          <text x={size / 2} y={size / 2 + 20} textAnchor="middle" fontSize={12} fill={token.colorTextSecondary}>
            {caption}
          </text>
        )}
      </svg>
      <ul className="edp-legend">
        {data.map((datum, index) => (
          <li key={datum.key} title={tooltipOf(datum, format)}>
            <span className="edp-legend-dot" style={{ background: colors[index] }} />
            <span className="edp-legend-label">{datum.href ? <Link to={datum.href}>{datum.label}</Link> : datum.label}</span>
            <span className="edp-legend-value">
              {format(datum.value)} · {percent(datum.value, total)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
