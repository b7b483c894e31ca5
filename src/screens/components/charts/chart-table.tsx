import { Link } from 'react-router';
import type { ChartDatum, ChartDetail, Measure } from './chart-datum';

export interface ChartTableProps {
  title: string;
  data: ChartDatum[];
  value: Measure;
  details?: ChartDetail[];
  /** Each value's part of the whole is written beside it (pies). */
  shares?: boolean;
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

/**
 * A chart's figures as text: a table for screen readers, each row linking to its records as the
 * chart's bars do. Out of sight until something in it takes the keyboard's focus (charts.css), so a
 * keyboard reaches the drill-down too. It renders with the page, before the chart code arrives.
 */
export function ChartTable({ title, data, value, details = [], shares }: ChartTableProps) {
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  return (
    <table className="edp-chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{value.name}</th>
          {details.map((detail) => (
            <th key={detail.key} scope="col">
              {detail.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.map((datum) => (
          <tr key={datum.key}>
            <th scope="row">{datum.href ? <Link to={datum.href}>{datum.caption ?? datum.label}</Link> : (datum.caption ?? datum.label)}</th>
            <td>
              {value.format(datum.value)}
              {shares && total > 0 && ` (${percent(datum.value, total)})`}
            </td>
            {details.map((detail) => (
              <td key={detail.key}>{detail.format(datum.figures?.[detail.key] ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
