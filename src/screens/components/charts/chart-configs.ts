import type { BarConfig, ColumnConfig, GaugeConfig, LineConfig, PieConfig } from '@ant-design/charts';
import type { ChartDatum, ChartDetail, Measure } from './chart-datum';
import { niceMax } from './scale';

/**
 * The configs @ant-design/charts draws, built from the API's figures by pure functions: what a chart
 * shows is tested here, without a canvas. Only types come from the library (nothing of its code is
 * loaded with this file; drawn-chart.tsx draws them, loaded lazily).
 */
export type ChartSpec =
  | { kind: 'column'; options: ColumnConfig }
  | { kind: 'bar'; options: BarConfig }
  | { kind: 'pie'; options: PieConfig }
  | { kind: 'gauge'; options: GaugeConfig }
  | { kind: 'line'; options: LineConfig };

/** The console's light/dark setting (src/providers/settings.ts). */
export type ChartMode = 'light' | 'dark';

/** What the chart is given for each datum: the datum, its colour and its tooltip's title resolved. */
export interface ChartRow {
  key: string;
  label: string;
  value: number;
  color: string;
  title: string;
  figures: Record<string, number>;
  href?: string;
  /** A slice's part of the whole, as text (pies). */
  share?: string;
}

/** The library's theme of the setting (its documented `theme` option), on the panel's own background. */
export const chartTheme = (mode: ChartMode) => ({ type: mode === 'dark' ? 'classicDark' : 'classic', view: { viewFill: 'transparent' } });

export const rowsOf = (data: ChartDatum[], colors: string[]): ChartRow[] =>
  data.map((datum, index) => ({
    key: datum.key,
    label: datum.label,
    value: datum.value,
    color: colors[index]!,
    title: datum.caption ?? datum.label,
    figures: datum.figures ?? {},
    ...(datum.href && { href: datum.href }),
  }));

/** The library's tooltip: the datum's title, its value, then its further figures. */
export const tooltipOf = (value: Measure, details: ChartDetail[], valueText: (row: ChartRow) => string = (row) => value.format(row.value)) => ({
  title: (row: ChartRow) => row.title,
  items: [
    (row: ChartRow) => ({ name: value.name, value: valueText(row) }),
    ...details.map((detail) => (row: ChartRow) => ({ name: detail.name, value: detail.format(row.figures[detail.key] ?? 0) })),
  ],
});

/** A linked bar or slice shows the pointer: a click opens its records (drawn-chart.tsx). */
const cursorOf = (row: ChartRow) => (row.href ? 'pointer' : 'default');

/**
 * The value axis from 0: bytes on four gridlines at quarters of a round top in powers of 1024
 * (scale.ts: 3 GB tops at 4 GB, each line a readable size); counts and hours on the library's round
 * ticks, at least up to `least` (so a day of 1 bag does not read 0.2, 0.4, ...).
 */
export function valueAxis(data: ChartDatum[], { base = 10, least = 0 }: { base?: 10 | 1024; least?: number } = {}) {
  const max = Math.max(least, ...data.map((datum) => datum.value));
  if (base === 10) return { scale: { domain: [0, max], nice: true } };
  const top = niceMax(max, { base });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => fraction * top);
  return { scale: { domain: [0, top], nice: false }, tickMethod: () => ticks };
}

export interface ValueChartOptions {
  value: Measure;
  /** The axis' format, when it differs from the values' (hours on the axis, d/h/m/s in the tooltip). */
  axisFormat?: (value: number) => string;
  details?: ChartDetail[];
  scale?: { base?: 10 | 1024; least?: number };
  colors: string[];
  height: number;
  mode: ChartMode;
}

/** Shared by columns and bars: one interval per datum, its colour its own, the value axis on round ticks. */
function intervalOptions(data: ChartDatum[], { value, axisFormat = value.format, details = [], scale, colors, height, mode }: ValueChartOptions) {
  const axis = valueAxis(data, scale);
  return {
    data: rowsOf(data, colors),
    xField: 'label',
    yField: 'value',
    height,
    autoFit: true,
    theme: chartTheme(mode),
    legend: false as const,
    scale: { y: axis.scale },
    style: { fill: (row: ChartRow) => row.color, cursor: cursorOf },
    tooltip: tooltipOf(value, details),
    // the values' labels stay level (the library turns crowded labels upright by default)
    axisY: { ...(axis.tickMethod && { tickMethod: axis.tickMethod }), labelFormatter: axisFormat, labelAutoRotate: false },
  };
}

/** Values over time (days, or months of a long range), a column each. */
export function columnConfig(data: ChartDatum[], options: ValueChartOptions): ChartSpec {
  const { axisY, ...common } = intervalOptions(data, options);
  return {
    kind: 'column',
    options: {
      ...common,
      style: { ...common.style, maxWidth: 40 },
      // many days: the day labels stay level, and those that would overlap are left out
      axis: { x: { title: false, labelAutoRotate: false, labelAutoHide: true }, y: { title: false, ...axisY } },
    },
  };
}

/** Room a bar and its gap take, and the value axis under them. */
const BAR_PX = 28;
const BAR_AXIS_PX = 40;
export const barHeight = (count: number) => Math.max(count, 1) * BAR_PX + BAR_AXIS_PX;

/** Named values (robot types, failure reasons, spaces), a bar each, largest first, each value written at its bar's end. */
export function barConfig(data: ChartDatum[], options: Omit<ValueChartOptions, 'height'>): ChartSpec {
  const { axisY, ...common } = intervalOptions(data, { ...options, height: barHeight(data.length) });
  return {
    kind: 'bar',
    options: {
      ...common,
      style: { ...common.style, maxWidth: 18 },
      // each value written past its bar's end, in room kept on the right
      label: { text: (row: ChartRow) => options.value.format(row.value), textAlign: 'start', dx: 6 },
      paddingRight: 72,
      axis: {
        x: { title: false, transform: [{ type: 'ellipsis', maxLength: 120 }] },
        y: { title: false, ...axisY },
      },
    },
  };
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

export interface PieOptions {
  value: Measure;
  details?: ChartDetail[];
  /** What the centre says under the total. */
  caption?: string;
  colors: string[];
  height: number;
  mode: ChartMode;
}

/** antd's text colours, for the total written in the ring's centre. */
const TEXT = { light: 'rgba(0, 0, 0, 0.88)', dark: 'rgba(255, 255, 255, 0.85)' };

/** Shares of a whole as a ring with the library's legend; the total in its centre. Empty slices are left out. */
export function pieConfig(data: ChartDatum[], { value, details = [], caption, colors, height, mode }: PieOptions): ChartSpec {
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const rows = rowsOf(data, colors)
    .filter((row) => row.value > 0)
    .map((row) => ({ ...row, share: percent(row.value, total) }));
  return {
    kind: 'pie',
    options: {
      data: rows,
      angleField: 'value',
      colorField: 'label',
      innerRadius: 0.64,
      height,
      autoFit: true,
      theme: chartTheme(mode),
      scale: { color: { domain: rows.map((row) => row.label), range: rows.map((row) => row.color) } },
      legend: { color: { position: 'right', title: false, rowPadding: 6 } },
      label: false,
      style: { cursor: cursorOf, stroke: mode === 'dark' ? '#141414' : '#fff', lineWidth: 1 },
      tooltip: tooltipOf(value, details, (row) => `${value.format(row.value)} (${row.share})`),
      annotations: [
        {
          type: 'text',
          style: {
            text: caption ? `${value.format(total)}\n${caption}` : value.format(total),
            x: '50%',
            y: '50%',
            textAlign: 'center',
            textBaseline: 'middle',
            fontSize: 14,
            fontWeight: 600,
            fill: TEXT[mode],
          },
          tooltip: false,
        },
      ],
    },
  };
}

/** Used against a quota: the share used (null when there is nothing to weigh), and whether it is over. */
export function gaugeReading(used: number | null, quota: number | null) {
  const percent = used === null || quota === null ? null : quota > 0 ? (used / quota) * 100 : used > 0 ? 100 : 0;
  return { percent, over: used !== null && quota !== null && used > quota };
}

/** Where the dial turns amber, then red (as the console's quota bars). */
export const GAUGE_THRESHOLDS = [0.75, 0.9, 1];

export interface GaugeOptions {
  percent: number | null;
  /** What the dial says: the share, ∞ for an unlimited quota, - for an unrecorded use. */
  text: string;
  /** Normal, warning and error colours; the first alone for a dial with nothing to weigh. */
  colors: [string, string, string];
  width: number;
  height: number;
  mode: ChartMode;
}

/** A dial of used against quota: green, amber past 75 %, red past 90 %; the needle stops at full. */
export function gaugeConfig({ percent, text, colors, width, height, mode }: GaugeOptions): ChartSpec {
  const weighed = percent !== null;
  return {
    kind: 'gauge',
    options: {
      // the share as `target` of 1 (the library's `percent` form cannot say 0)
      data: { target: weighed ? Math.min(percent, 100) / 100 : 0, total: 1, thresholds: weighed ? GAUGE_THRESHOLDS : [1] },
      scale: { color: { range: weighed ? colors : [colors[0]] } },
      axis: { y: { labelFormatter: (fraction: number) => `${Math.round(fraction * 100)}%`, labelFontSize: 10 } },
      width,
      height,
      autoFit: false,
      theme: chartTheme(mode),
      legend: false,
      tooltip: false,
      style: { textContent: () => text, textY: '88%', textFontSize: 16, textFill: TEXT[mode] },
    },
  };
}
