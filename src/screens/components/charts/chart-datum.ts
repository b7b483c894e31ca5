import { theme } from 'antd';

/** One bar or slice: its value, how it reads, and where it drills down to (a console path). */
export interface ChartDatum {
  key: string;
  label: string;
  value: number;
  /** An antd colour name (green, red, ...) or a CSS colour; by default the next of the palette. */
  color?: string;
  /** Extra lines of the tooltip. */
  details?: string[];
  href?: string;
}

/** A categorical palette that reads on light and dark backgrounds (AntV's). */
const PALETTE = ['#5B8FF9', '#5AD8A6', '#F6BD16', '#E8684A', '#6DC8EC', '#9270CA', '#FF9D4D', '#269A99', '#FF99C3', '#5D7092'];

/** The colour of each datum: its own (antd colour names through the theme), else the palette's in turn. */
export function useColors(data: ChartDatum[]): string[] {
  const { token } = theme.useToken();
  const named = token as unknown as Record<string, string | undefined>;
  let next = 0;
  return data.map(({ color }) => {
    if (color === 'default') return token.colorTextQuaternary;
    if (color) return named[color] ?? color;
    return PALETTE[next++ % PALETTE.length]!;
  });
}

/** The tooltip of a datum: label, formatted value, details. */
export const tooltipOf = (datum: ChartDatum, format: (value: number) => string) =>
  [`${datum.label}: ${format(datum.value)}`, ...(datum.details ?? [])].join('\n');
