import { describe, expect, it } from 'vitest';
import {
  barConfig,
  barHeight,
  chartTheme,
  columnConfig,
  gaugeConfig,
  gaugeReading,
  pieConfig,
  valueAxis,
  type ChartRow,
} from '../../../../../src/screens/components/charts/chart-configs';
import { withOthers, type ChartDatum } from '../../../../../src/screens/components/charts/chart-datum';

/** What the library is handed, read as plain data (its config types are unions of every mark's). */
type Loose = Record<string, any>;
const optionsOf = (spec: { options: unknown }) => spec.options as Loose;

const count = { name: 'Bags', format: (value: number) => `${value} bags` };
const size = { key: 'bagSize', name: 'Size', format: (value: number) => `${value} B` };
const days: ChartDatum[] = [
  { key: '2026-10-01', label: '2026-10-01', value: 2, figures: { bagSize: 2000 }, href: '/data/lake/raw-data?day=1' },
  { key: '2026-10', label: '2026-10', value: 3, figures: { bagSize: 3000 }, caption: '2026-10-02 ~ 2026-10-31' },
];

/** The lines the library's tooltip shows for a row: its title, then each item's name and value. */
const tooltipLines = (options: Loose, row: ChartRow) => [
  options.tooltip.title(row),
  ...options.tooltip.items.map((item: (row: ChartRow) => { name: string; value: string }) => `${item(row).name}: ${item(row).value}`),
];

describe('the configs @ant-design/charts draws', () => {
  it('follow the console’s light or dark setting through the library’s theme option', () => {
    expect(chartTheme('light').type).toBe('classic');
    expect(chartTheme('dark').type).toBe('classicDark');
    const dark = optionsOf(columnConfig(days, { value: count, colors: ['#111', '#222'], height: 240, mode: 'dark' }));
    expect(dark.theme.type).toBe('classicDark');
  });

  it('hand each column its colour, its link and its tooltip: title, value, further figures', () => {
    const spec = columnConfig(days, { value: count, details: [size], colors: ['#111', '#222'], height: 240, mode: 'light' });
    expect(spec.kind).toBe('column');
    const options = optionsOf(spec);
    expect(options.height).toBe(240);
    const rows = options.data as ChartRow[];
    expect(rows.map((row) => [row.label, row.value, row.color, row.href])).toEqual([
      ['2026-10-01', 2, '#111', '/data/lake/raw-data?day=1'],
      ['2026-10', 3, '#222', undefined],
    ]);
    expect(tooltipLines(options, rows[0]!)).toEqual(['2026-10-01', 'Bags: 2 bags', 'Size: 2000 B']);
    expect(tooltipLines(options, rows[1]!)).toEqual(['2026-10-02 ~ 2026-10-31', 'Bags: 3 bags', 'Size: 3000 B']);
    // a linked column shows the pointer: a click opens its records
    expect(options.style.cursor(rows[0])).toBe('pointer');
    expect(options.style.cursor(rows[1])).toBe('default');
    expect(options.style.fill(rows[1])).toBe('#222');
  });

  it('put byte axes on quarters of a round top in powers of 1024, counts on round ticks from 0 up to at least `least`', () => {
    const bytes = valueAxis([{ key: 'a', label: 'a', value: 3.2 * 1024 ** 3 }], { base: 1024 });
    expect(bytes.scale.domain).toEqual([0, 4 * 1024 ** 3]);
    expect(bytes.tickMethod?.()).toEqual([0, 1, 2, 3, 4].map((gb) => gb * 1024 ** 3));
    expect(valueAxis([{ key: 'a', label: 'a', value: 1 }], { least: 4 })).toEqual({ scale: { domain: [0, 4], nice: true } });
    expect(valueAxis([{ key: 'a', label: 'a', value: 13 }], { least: 4 })).toEqual({ scale: { domain: [0, 13], nice: true } });
    const column = optionsOf(columnConfig(days, { value: count, colors: ['#111', '#222'], height: 240, mode: 'light', axisFormat: (value) => `${value} h` }));
    expect(column.axis.y.labelFormatter(2)).toBe('2 h');
  });

  it('size bars by their number and write each value at its bar', () => {
    const spec = barConfig(days, { value: count, colors: ['#111', '#222'], mode: 'light' });
    expect(spec.kind).toBe('bar');
    const options = optionsOf(spec);
    expect(options.height).toBe(barHeight(2));
    expect(barHeight(10)).toBeGreaterThan(barHeight(2));
    expect(options.label.text(options.data[1])).toBe('3 bags');
  });

  it('draw a ring of the non-empty shares, coloured as given, its total in the centre, shares in the tooltip', () => {
    const data: ChartDatum[] = [
      { key: 'good', label: 'Good', value: 3, color: 'green', href: '/good' },
      { key: 'bad', label: 'Bad', value: 1, href: '/bad' },
      { key: 'unknown', label: 'Unknown', value: 0 },
    ];
    const options = optionsOf(pieConfig(data, { value: count, caption: 'Bags', colors: ['#0a0', '#a00', '#999'], height: 240, mode: 'light' }));
    expect((options.data as ChartRow[]).map((row) => [row.label, row.share, row.href])).toEqual([
      ['Good', '75.0%', '/good'],
      ['Bad', '25.0%', '/bad'],
    ]);
    expect(options.scale.color).toEqual({ domain: ['Good', 'Bad'], range: ['#0a0', '#a00'] });
    expect(options.legend.color.position).toBe('right'); // the library's legend
    expect(options.annotations[0].style.text).toBe('4 bags\nBags');
    expect(tooltipLines(options, options.data[1])).toEqual(['Bad', 'Bags: 1 bags (25.0%)']);
  });

  it('weigh use against quota: the true share written, the needle stopped at full, nothing to weigh without quota or use', () => {
    expect(gaugeReading(1024, 4096)).toEqual({ percent: 25, over: false });
    expect(gaugeReading(5000, 4096)).toEqual({ percent: (5000 / 4096) * 100, over: true });
    expect(gaugeReading(1, 0)).toEqual({ percent: 100, over: true });
    expect(gaugeReading(0, 0)).toEqual({ percent: 0, over: false });
    expect(gaugeReading(null, 4096)).toEqual({ percent: null, over: false });
    expect(gaugeReading(10, null)).toEqual({ percent: null, over: false });

    const colors: [string, string, string] = ['blue', 'amber', 'red'];
    const over = optionsOf(gaugeConfig({ percent: 122, text: '122.0%', colors, width: 200, height: 160, mode: 'light' }));
    expect(over.data).toEqual({ target: 1, total: 1, thresholds: [0.75, 0.9, 1] });
    expect(over.scale.color.range).toEqual(colors);
    expect(over.style.textContent()).toBe('122.0%');
    const unlimited = optionsOf(gaugeConfig({ percent: null, text: '∞', colors, width: 200, height: 160, mode: 'dark' }));
    expect(unlimited.data).toEqual({ target: 0, total: 1, thresholds: [1] });
    expect(unlimited.scale.color.range).toEqual(['blue']);
    expect(unlimited.theme.type).toBe('classicDark');
  });
});

describe('a long tail', () => {
  it('reads as one last unlinked datum summing the rest’s values and further figures', () => {
    const data: ChartDatum[] = ['a', 'b', 'c', 'd'].map((key, index) => ({
      key,
      label: key,
      value: 10 - index,
      figures: { bags: index + 1 },
      href: `/${key}`,
    }));
    expect(withOthers(data, 4, 'Others')).toBe(data);
    const rows = withOthers(data, 2, 'Others');
    expect(rows.map((row) => [row.label, row.value, row.figures, row.href])).toEqual([
      ['a', 10, { bags: 1 }, '/a'],
      ['b', 9, { bags: 2 }, '/b'],
      ['Others', 15, { bags: 7 }, undefined],
    ]);
  });
});
