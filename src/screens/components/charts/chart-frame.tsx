import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../providers/settings';
import type { ChartMode, ChartSpec } from './chart-configs';
import './charts.css';

type DrawnChartComponent = (typeof import('./drawn-chart'))['default'];

/**
 * The chart code: @ant-design/charts and AntV's G2 under it, the largest code of the console. Only
 * the pages that chart import this file, and it asks for that code when a chart first renders, i.e.
 * once the page's figures are in and painted beside the chart's placeholder (a page that is nothing
 * but charts may ask for it as its code arrives: instances/instance-metrics.tsx).
 */
export const loadDrawnChart = () => import('./drawn-chart').then((module) => ((loadedChart = module.default), module));
const LazyDrawnChart = lazy(loadDrawnChart);
/**
 * The chart code once it is in: a chart that finds it is drawn at once, without suspending. React
 * holds back the reveal of a part that suspended by up to 300 ms (its fallback throttle): a run's
 * metrics, answered after the code was in, were drawn 400 to 500 ms later than they could be.
 */
let loadedChart: DrawnChartComponent | undefined;

export interface ChartFrameProps {
  /** The chart's accessible name. */
  title: string;
  /** The chart's size: its placeholder takes it until the chart code is in, so nothing moves when it draws. */
  height: number;
  width?: number;
  /** The config of the console's light or dark setting (chart-configs.ts). */
  build: (mode: ChartMode) => ChartSpec;
  /** What the config depends on besides the setting and the language: the chart is rebuilt (and redrawn) only when it changes. */
  inputs: unknown;
  /** Its figures as text (chart-table.tsx). */
  table?: ReactNode;
  testId?: string;
}

/**
 * A chart in its place: a box of the chart's size named for screen readers, the chart drawn into it
 * once its code is in, and its figures as text beside it. The config is kept while its inputs stay the
 * same: a page re-rendering (a refetch starting, a control moving) does not redraw its charts.
 */
export function ChartFrame({ title, height, width, build, inputs, table, testId }: ChartFrameProps) {
  const { theme } = useSettings();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const key = JSON.stringify([theme, i18n.language, inputs]);
  // `key` stands for everything `build` reads: a new `build` closure alone is no reason to redraw
  const spec = useMemo(() => build(theme), [key]);
  // Chosen once: switching from the lazy component to the loaded one would draw the chart anew.
  const [DrawnChart] = useState<DrawnChartComponent | typeof LazyDrawnChart>(() => loadedChart ?? LazyDrawnChart);
  return (
    <div className="edp-chart" data-testid={testId}>
      <div className="edp-chart-canvas" role="img" aria-label={title} style={{ height, width }}>
        <Suspense fallback={null}>
          <DrawnChart spec={spec} onOpen={navigate} />
        </Suspense>
      </div>
      {table}
    </div>
  );
}
