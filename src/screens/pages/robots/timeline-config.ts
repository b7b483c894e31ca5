import { chartTheme, type ChartMode, type ChartSpec } from '../../components/charts/chart-configs';
import { formatDateTime } from '../../components/schema/cells/format';
import type { TimelineRow } from './timeline-rows';

/** Room a lane takes, and the time axis under the lanes. */
const LANE_PX = 36;
const AXIS_PX = 40;
export const timelineHeight = (lanes: number) => lanes * LANE_PX + AXIS_PX;

/** The time axis' labels: the time of day over a day or less, with the date over longer ranges. */
export const tickFormat = (from: number, to: number) => (time: Date) => formatDateTime(time).slice(to - from > 86_400_000 ? 5 : 11, 16);

export interface TimelineOptions {
  /** The lanes' names, top to bottom (a lane with nothing in it keeps its place). */
  lanes: string[];
  from: number;
  to: number;
  mode: ChartMode;
}

/**
 * The timeline as @ant-design/charts draws it: a Bar (intervals across a band of lanes) whose bars run
 * from `start` to `end` on a time axis that spans exactly the range asked for, so a stretch without
 * heartbeats reads as empty at its place in time. Each bar has its own colour and shade, its tooltip
 * its own title and detail; a bar with a page opens it (drawn-chart.tsx follows `href`).
 */
export function timelineConfig(rows: TimelineRow[], { lanes, from, to, mode }: TimelineOptions): ChartSpec {
  return {
    kind: 'bar',
    options: {
      data: rows,
      xField: 'laneLabel',
      yField: 'start',
      encode: { y1: 'end' },
      height: timelineHeight(lanes.length),
      autoFit: true,
      theme: chartTheme(mode),
      legend: false,
      scale: { x: { domain: lanes }, y: { type: 'time', domain: [new Date(from), new Date(to)], nice: false } },
      style: {
        fill: (row: TimelineRow) => row.color,
        fillOpacity: (row: TimelineRow) => row.opacity,
        cursor: (row: TimelineRow) => (row.href ? 'pointer' : 'default'),
        maxWidth: 18,
      },
      axis: {
        x: { title: false },
        y: { title: false, labelFormatter: tickFormat(from, to), labelAutoRotate: false, labelAutoHide: true },
      },
      // one bar's tooltip at a time: a lane holds many bars, which a shared tooltip would list together
      interaction: { tooltip: { shared: false }, elementHighlight: false },
      tooltip: { title: (row: TimelineRow) => row.title, items: [(row: TimelineRow) => ({ name: row.laneLabel, value: row.detail })] },
    },
  };
}
