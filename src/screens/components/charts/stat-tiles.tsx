import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './charts.css';

export interface Stat {
  key: string;
  label: string;
  value: ReactNode;
  /** Where the figure's records are listed. */
  href?: string;
}

/** A row of headline figures, each a link to its records where it has some. */
export function StatTiles({ stats, testId }: { stats: Stat[]; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div className="edp-stat-tiles" data-testid={testId}>
      {stats.map((stat) => (
        <div
          key={stat.key}
          className="edp-stat"
          style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadiusLG }}
          data-testid={`stat-${stat.key}`}
        >
          <div style={{ color: token.colorTextSecondary }}>{stat.label}</div>
          <div className="edp-stat-value" style={{ color: token.colorTextHeading }}>
            {stat.href ? <Link to={stat.href}>{stat.value}</Link> : stat.value}
          </div>
        </div>
      ))}
    </div>
  );
}
