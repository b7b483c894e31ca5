import { Empty, theme } from 'antd';
import { useNavigate } from 'react-router';
import { tooltipOf, type ChartDatum } from './chart-datum';
import { niceMax } from './scale';
import { useWidth } from './use-width';
import './charts.css';

const MARGIN = { top: 12, right: 8, bottom: 26, left: 76 };
/** Room one label of the x axis needs. */
const LABEL_PX = 76;

export interface ColumnChartProps {
  data: ChartDatum[];
  format: (value: number) => string;
  /** The axis' format, when it differs from the values' (hours on the axis, d/h/m/s in the tooltip). */
  axisFormat?: (value: number) => string;
  /** What the chart shows, for screen readers. */
  title: string;
  height?: number;
  /** The axis: powers of 1024 for bytes; at least this top for small counts. */
  scale?: { base?: 10 | 1024; least?: number };
  testId?: string;
}

/** Vertical bars over time (days or months), each a link to the records behind it. Plain SVG: no chart library. */
export function ColumnChart({ data, format, axisFormat = format, title, height = 240, scale, testId }: ColumnChartProps) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { ref, width } = useWidth<HTMLDivElement>();
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 1);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const max = niceMax(Math.max(0, ...data.map((datum) => datum.value)), scale);
  const step = plotWidth / Math.max(data.length, 1);
  const barWidth = Math.max(1, Math.min(40, step * 0.7));
  const labelEvery = Math.max(1, Math.ceil(LABEL_PX / step));
  const yOf = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;

  return (
    <div ref={ref} className="edp-chart" data-testid={testId}>
      {data.every((datum) => datum.value === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height, margin: 0, paddingTop: height / 4 }} />
      ) : (
        <svg width={width} height={height} role="group" aria-label={title}>
          {[0, 0.25, 0.5, 0.75, 1].map((fraction) => (
            <g key={fraction}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={yOf(fraction * max)} y2={yOf(fraction * max)} stroke={token.colorBorderSecondary} />
              <text x={MARGIN.left - 8} y={yOf(fraction * max)} dy="0.32em" textAnchor="end" fontSize={12} fill={token.colorTextSecondary}>
                {axisFormat(fraction * max)}
              </text>
            </g>
          ))}
          {data.map((datum, index) => {
            const x = MARGIN.left + step * index;
            const top = datum.value > 0 ? Math.min(yOf(datum.value), MARGIN.top + plotHeight - 1) : MARGIN.top + plotHeight;
            const open = datum.href ? () => navigate(datum.href!) : undefined;
            return (
              <g
                key={datum.key}
                className={`edp-chart-bar${open ? ' edp-chart-link' : ''}`}
                role={open ? 'link' : 'img'}
                tabIndex={open ? 0 : undefined}
                aria-label={tooltipOf(datum, format)}
                onClick={open}
                onKeyDown={open && ((event) => event.key === 'Enter' && open())}
              >
                <title>{tooltipOf(datum, format)}</title>
                <rect x={x} y={MARGIN.top} width={step} height={plotHeight} fill="transparent" />
                <rect
                  className="edp-chart-fill"
                  x={x + (step - barWidth) / 2}
                  y={top}
                  width={barWidth}
                  height={MARGIN.top + plotHeight - top}
                  fill={datum.color ?? '#5B8FF9'}
                  rx={2}
                />
                {index % labelEvery === 0 && (
                  <text x={x + step / 2} y={height - 6} textAnchor="middle" fontSize={12} fill={token.colorTextSecondary}>
                    {datum.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
