import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { columnConfig, type ChartSpec } from '../../../../../src/screens/components/charts/chart-configs';
import { ChartFrame, loadDrawnChart } from '../../../../../src/screens/components/charts/chart-frame';
import { ChartTable } from '../../../../../src/screens/components/charts/chart-table';
import { i18n } from '../../../../../src/providers/i18n';
import { DEFAULT_SETTINGS, settingsStore } from '../../../../../src/providers/settings';
import { installBrowserShims } from '../../../browser-shims';
import { rendered } from '../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The chart code arrives when the test says so; the chart it "draws" shows what it was handed, and a click on it opens its link. */
const chartCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive };
});
vi.mock('../../../../../src/screens/components/charts/drawn-chart', async () => {
  await chartCode.arrived;
  return {
    default: ({ spec, onOpen }: { spec: ChartSpec; onOpen: (href: string) => void }) => (
      <button
        data-testid="drawn"
        data-kind={spec.kind}
        data-theme={(spec.options.theme as { type: string }).type}
        onClick={() => onOpen('/data/lake/raw-data?day=1')}
      />
    ),
  };
});

beforeAll(installBrowserShims);
afterEach(() => settingsStore.reset());

const SRC = path.resolve(import.meta.dirname, '../../../../../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );

function Location() {
  return <output data-testid="location">{useLocation().pathname + useLocation().search}</output>;
}

const value = { name: 'Bags', format: (count: number) => String(count) };
const data = [{ key: '2026-10-01', label: '2026-10-01', value: 2, href: '/data/lake/raw-data?day=1' }];

describe('the chart code', () => {
  it('is imported by one module alone, and that module only lazily: no page or list loads it with its own code', () => {
    const importers = sources(SRC).filter((file) => /^import\s+(?!type\b)[^;]*from\s+'@ant-design\/(charts|plots)'/m.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => path.relative(SRC, file))).toEqual(['screens/components/charts/drawn-chart.tsx']);
    const drawnBy = sources(SRC).filter((file) => readFileSync(file, 'utf8').includes("'./drawn-chart'"));
    expect(drawnBy.map((file) => path.relative(SRC, file))).toEqual(['screens/components/charts/chart-frame.tsx']);
    const frame = readFileSync(path.join(SRC, 'screens/components/charts/chart-frame.tsx'), 'utf8');
    expect(frame).toMatch(/lazy\(/);
    expect(frame).not.toMatch(/^import[^;]*'\.\/drawn-chart'/m); // only `import('./drawn-chart')`
  });

  it('comes after the page: the chart’s named box of its size and its figures as text render first, the chart once the code is in', async () => {
    settingsStore.update({ ...DEFAULT_SETTINGS, theme: 'dark' });
    const container = await rendered(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/data/dashboard/rawData']}>
          <ChartFrame
            title="Per day"
            height={240}
            build={(mode) => columnConfig(data, { value, colors: ['#5B8FF9'], height: 240, mode })}
            inputs={data}
            table={<ChartTable title="Per day" data={data} value={value} />}
            testId="daily-chart"
          />
          <Location />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const box = container.querySelector<HTMLElement>('[data-testid="daily-chart"] [role="img"]')!;
    expect(box.getAttribute('aria-label')).toBe('Per day');
    expect(box.style.height).toBe('240px'); // the placeholder takes the chart's room: nothing moves when it draws
    expect(container.querySelector('[data-testid="drawn"]')).toBeNull();
    const table = container.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).toBe('Per day');
    expect(table.querySelector('a')!.getAttribute('href')).toBe('/data/lake/raw-data?day=1');

    await act(async () => {
      chartCode.arrive();
      await loadDrawnChart(); // the frame's own loader: React shows the chart once it settles
    });
    const drawn = container.querySelector<HTMLElement>('[data-testid="drawn"]')!;
    expect([drawn.dataset.kind, drawn.dataset.theme]).toEqual(['column', 'classicDark']);
    expect(box.contains(drawn)).toBe(true);

    // the chart's click (drawn-chart.tsx: element:click) opens the records through the router
    await act(async () => drawn.click());
    expect(container.querySelector('[data-testid="location"]')!.textContent).toBe('/data/lake/raw-data?day=1');
  });
});
