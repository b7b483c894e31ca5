import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TimelineRow } from './timeline-rows';
import '../../components/charts/charts.css';

/**
 * The timeline as text, for screen readers and the keyboard (out of sight until it takes the focus,
 * as every chart's figures): the heartbeats counted, then each alarm, delivery and recording with its
 * time and a link to its page.
 */
export function TimelineTable({ title, rows, heartbeats }: { title: string; rows: TimelineRow[]; heartbeats: number }) {
  const { t } = useTranslation();
  return (
    <table className="edp-chart-table" data-testid="timeline-table">
      <caption>{title}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('robot:page.heartbeats')}</th>
          <td colSpan={2}>{t('robot:page.heartbeatCount', { count: heartbeats })}</td>
        </tr>
        {rows
          .filter((row) => row.lane !== 'heartbeats')
          .map((row) => (
            <tr key={row.key} data-lane={row.lane}>
              <th scope="row">{row.laneLabel}</th>
              <td>{row.href ? <Link to={row.href}>{row.title}</Link> : row.title}</td>
              <td>{row.detail}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
