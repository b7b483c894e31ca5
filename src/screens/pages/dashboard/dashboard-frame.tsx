import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { StatTiles, type Stat } from '../../components/charts/stat-tiles';
import { PagePanel } from '../../components/page/page-panel';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import { DashboardToolbar } from './dashboard-toolbar';
import type { DayRange } from './drill-down';
import { useBagTotals } from './use-bag-totals';
import './dashboard.css';

interface DashboardFrameProps {
  title: string;
  /** Names its test ids: `<name>-dashboard`, `<name>-stats`. */
  name: string;
  /** The headline figures of the totals. */
  stats: (report: TotalsReport, range: DayRange) => Stat[];
  /** The charts, once the totals are in. */
  children: (report: TotalsReport, range: DayRange) => ReactNode;
}

/** A dashboard over the space's bag totals: range and refresh (spec §9) in the URL, headline figures, then its charts. */
export function DashboardFrame({ title, name, stats, children }: DashboardFrameProps) {
  const { range, setRange, refresh, setRefresh, query } = useBagTotals();
  const report = query.data;
  return (
    <div className="edp-dash" data-testid={`${name}-dashboard`}>
      <PagePanel
        title={title}
        extra={
          <DashboardToolbar
            range={range}
            onRange={setRange}
            refresh={refresh}
            onRefresh={setRefresh}
            onReload={() => void query.refetch()}
            reloading={query.isFetching}
          />
        }
      >
        {report ? <StatTiles testId={`${name}-stats`} stats={stats(report, range)} /> : <Spin />}
      </PagePanel>
      {report && <div className="edp-dash-grid">{children(report, range)}</div>}
    </div>
  );
}
