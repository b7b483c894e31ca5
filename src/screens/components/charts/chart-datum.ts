import { theme } from 'antd';

/** One bar or slice: its value, how it reads, and where it drills down to (a console path). */
export interface ChartDatum {
  key: string;
  label: string;
  value: number;
  /** An antd colour name (green, red, ...) or a CSS colour; by default the next of the palette. */
  color?: string;
  /** Further figures of the datum, by the keys of the chart's `details`: its tooltip's other lines. */
  figures?: Record<string, number>;
  /** The tooltip's title, when it is not the label (the days a month's bar covers). */
  caption?: string;
  href?: string;
}

/** How a figure reads: its name and its format (spec §9). */
export interface Measure {
  name: string;
  format: (value: number) => string;
}

/** A further figure of every datum (ChartDatum.figures[key]), named and formatted. */
export interface ChartDetail extends Measure {
  key: string;
}

/** The colour of the datum that sums up the rest: antd's quiet text colour. */
export const OTHERS_COLOR = 'default';

/** A categorical palette that reads on light and dark backgrounds (AntV's). */
const PALETTE = ['#5B8FF9', '#5AD8A6', '#F6BD16', '#E8684A', '#6DC8EC', '#9270CA', '#FF9D4D', '#269A99', '#FF99C3', '#5D7092'];

/**
 * The colour of each datum: its own (antd colour names through the theme), else the palette's in turn,
 * or for a single series (`single`: columns and bars) the palette's first.
 */
export function useColors(data: ChartDatum[], { single = false } = {}): string[] {
  const { token } = theme.useToken();
  const named = token as unknown as Record<string, string | undefined>;
  let next = 0;
  return data.map(({ color }) => {
    if (color === OTHERS_COLOR) return token.colorTextQuaternary;
    if (color) return named[color] ?? color;
    return PALETTE[single ? 0 : next++ % PALETTE.length]!;
  });
}

/**
 * The first `limit` data, then one datum named `label` summing the rest (value and further figures),
 * with no link: a long tail (robot types, spaces) reads as one bar.
 */
export function withOthers(data: ChartDatum[], limit: number, label: string): ChartDatum[] {
  const rest = data.slice(limit);
  if (!rest.length) return data;
  const figures: Record<string, number> = {};
  for (const datum of rest) for (const [key, value] of Object.entries(datum.figures ?? {})) figures[key] = (figures[key] ?? 0) + value;
  const value = rest.reduce((sum, datum) => sum + datum.value, 0);
  return [...data.slice(0, limit), { key: '\u0000others', label, value, color: OTHERS_COLOR, figures }];
}
