import { QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import QualityDashboard from '../../../../src/screens/pages/dashboard/quality-dashboard';
import RawDataDashboard from '../../../../src/screens/pages/dashboard/raw-data-dashboard';
import QuotaDashboard from '../../../../src/screens/pages/console/quota-dashboard';
import SpaceHome from '../../../../src/screens/pages/console/space-home';
import UsageStatistics from '../../../../src/screens/pages/console/usage-statistics';
import { installBrowserShims } from '../../browser-shims';
import { i18n } from '../../../../src/providers/i18n';
import { createQueryClient } from '../../../../src/providers/query-client';
import { sessionStore } from '../../../../src/providers/session-store';
import type { ChartSpec } from '../../../../src/screens/components/charts/chart-configs';
import { accountOf, tenantOf } from '../../fixtures';
import { envelope, mockApi } from '../../msw';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom draws no canvas: in place of the library, each chart shows what kind it is and the data it was handed. */
vi.mock('../../../../src/screens/components/charts/drawn-chart', () => ({
  default: ({ spec }: { spec: ChartSpec }) => <output data-testid={`drawn-${spec.kind}`} data-rows={JSON.stringify(spec.options.data)} />,
}));
const drawn = (chart: HTMLElement, kind: ChartSpec['kind']) => {
  const output = chart.querySelector<HTMLElement>(`[data-testid="drawn-${kind}"]`);
  return output && (JSON.parse(output.dataset.rows!) as unknown);
};

/** The pages that are more than lists render real figures from the API, with links down to the records. */
const server = mockApi();
const totals = (count: number, bagSize: number, bagDuration: number) => ({ count, sums: { bagSize, bagDuration } });
const report = {
  from: '2026-10-01',
  to: '2026-10-02',
  total: totals(5, 5000, 7200),
  days: [
    { day: '2026-10-01', ...totals(2, 2000, 3600) },
    { day: '2026-10-02', ...totals(3, 3000, 3600) },
  ],
  by: {
    robotType: [{ value: 'ur5e', ...totals(5, 5000, 7200) }],
    bagRegion: [{ value: 'suzhou', ...totals(5, 5000, 7200) }],
    bagStatus: [
      { value: 'good', ...totals(4, 4000, 3600) },
      { value: 'bad', ...totals(1, 1000, 3600) },
    ],
    qualityLabel: [
      { value: 'qualified', ...totals(3, 3000, 3600) },
      { value: 'unqualified', ...totals(1, 1000, 1800) },
      { value: '', ...totals(1, 1000, 1800) },
    ],
    qualitySubLabel: [
      { value: '', ...totals(4, 4000, 3600) },
      { value: 'Drop Error', ...totals(1, 1000, 3600) },
    ],
  },
};

beforeAll(installBrowserShims);

let root: Root | undefined;
let container: HTMLElement;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
});

async function render(page: ReactNode, path = '/') {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  );
}
/** A page's first render here loads its modules and locale namespaces cold: seconds on a busy machine. */
vi.setConfig({ testTimeout: 30_000 });
const waitFor = async (testId: string) => {
  await vi.waitFor(() => expect(container.querySelector(`[data-testid="${testId}"]`), testId).not.toBeNull(), { timeout: 15_000 });
  return container.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
};
const hrefs = (element: HTMLElement) => [...element.querySelectorAll('a')].map((link) => decodeURIComponent(link.getAttribute('href')!));

describe('the raw-data dashboard', () => {
  it('asks for the range in its URL and links each figure to the filtered raw-data list', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      mock.get('*/api/v1/data/bag/totals', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(envelope(report));
      }),
    );
    await render(<RawDataDashboard />, '/data/dashboard/rawData?from=2026-10-01&to=2026-10-02');
    const stats = await waitFor('raw-data-stats');
    expect([asked?.get('from'), asked?.get('to')]).toEqual(['2026-10-01', '2026-10-02']);
    expect(stats.textContent).toContain('5');
    expect(stats.textContent).toContain('2小时'); // spec §9 durations
    expect(stats.textContent).toContain('4.88 KB');
    expect(hrefs(stats)[1]).toContain('filters[2][field]=bagStatus&filters[2][operator]=in&filters[2][value][0]=bad');
    const robots = await waitFor('by-robot-type');
    expect(hrefs(robots)[0]).toContain('filters[2][field]=robotType&filters[2][operator]=eq&filters[2][value]=ur5e');
    expect(robots.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('按机器人型号');
    await vi.waitFor(() => expect(drawn(robots, 'bar')).toMatchObject([{ label: 'ur5e', value: 5 }]));
    const region = await waitFor('by-region');
    expect(region.textContent).toContain('苏州'); // its figures as text
    await vi.waitFor(() => expect(drawn(region, 'pie')).toMatchObject([{ label: '苏州', value: 5, share: '100.0%' }]));
    const daily = await waitFor('daily-chart');
    expect(hrefs(daily)).toHaveLength(2); // a link per day, to its bags
    await vi.waitFor(() =>
      expect(drawn(daily, 'column')).toMatchObject([
        { label: '2026-10-01', value: 2 },
        { label: '2026-10-02', value: 3 },
      ]),
    );
  });
});

describe('the quality dashboard', () => {
  it('shows the pass rate and the failure reasons, empty values left unlinked', async () => {
    server.use(mock.get('*/api/v1/data/bag/totals', () => HttpResponse.json(envelope(report))));
    await render(<QualityDashboard />);
    const stats = await waitFor('quality-stats');
    expect(stats.textContent).toContain('75.0%');
    const reasons = await waitFor('by-failure-reason');
    expect(reasons.textContent).toContain('Drop Error');
    expect(hrefs(reasons)).toHaveLength(1);
    expect(hrefs(reasons)[0]).toContain('[field]=qualitySubLabel&filters[2][operator]=eq&filters[2][value]=Drop Error');
    const quality = await waitFor('by-quality');
    expect(quality.textContent).toContain('未填写');
    expect(hrefs(quality)).toHaveLength(2); // qualified and unqualified; no filter for "not set"
    await vi.waitFor(() => expect(drawn(quality, 'pie')).toHaveLength(3));
    await vi.waitFor(() => expect(drawn(reasons, 'bar')).toMatchObject([{ label: 'Drop Error', value: 1 }]));
  });
});

describe('the space home, quota and usage pages', () => {
  it('welcomes the user, counts the space and offers quick links', async () => {
    sessionStore.save('token', accountOf('rd', { name: 'Demo R&D' }), tenantOf());
    server.use(
      mock.get('*/api/v1/console/space/overview', () =>
        HttpResponse.json(envelope({ counts: [{ name: 'bag', label: 'menu:data.lake.rawData', path: '/data/lake/raw-data', count: 12_345, capped: false }] })),
      ),
    );
    await render(<SpaceHome />);
    const counts = await waitFor('space-counts');
    expect(counts.textContent).toContain('12,345');
    expect(hrefs(counts)).toEqual(['/data/lake/raw-data']);
    expect(container.textContent).toContain('Demo R&D');
    expect(hrefs(await waitFor('quick-links'))[0]).toBe('/data/dashboard/rawData');
  });

  it('weighs storage against the quota and says downloads are not recorded', async () => {
    server.use(
      mock.get('*/api/v1/console/space/quota', () =>
        HttpResponse.json(
          envelope({
            storage: { used: 1024 ** 3, quota: 4 * 1024 ** 3, bags: 3 },
            downloads: { used: null, quota: null },
            storageBy: { robotType: [{ value: 'ur5e', bags: 3, bytes: 1024 ** 3 }], bagRegion: [{ value: 'beijing', bags: 3, bytes: 1024 ** 3 }] },
          }),
        ),
      ),
      mock.get('*/api/v1/data/bag/totals', () => HttpResponse.json(envelope(report))),
    );
    await render(<QuotaDashboard />);
    const storage = await waitFor('storage-gauge');
    expect(storage.textContent).toContain('25.0%');
    expect(storage.textContent).toContain('4.00 GB');
    expect((await waitFor('download-gauge')).textContent).toContain('暂未统计');
    await vi.waitFor(() => expect(storage.querySelector('[data-testid="drawn-gauge"]')).not.toBeNull());
    expect(storage.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('存储用量: 25.0%');
    expect((await waitFor('download-gauge')).querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('下载用量: -');
    const robots = await waitFor('storage-by-robot-type');
    expect(hrefs(robots)[0]).toBe('/data/lake/raw-data?filters[0][field]=robotType&filters[0][operator]=eq&filters[0][value]=ur5e');
    await vi.waitFor(() => expect(drawn(robots, 'bar')).toMatchObject([{ label: 'ur5e', value: 1024 ** 3, figures: { bags: 3 } }]));
    await vi.waitFor(() => expect(drawn(container, 'column')).toHaveLength(2)); // new storage per day
  });

  it('lists every space for the platform', async () => {
    server.use(
      mock.get('*/api/v1/console/system/usage', () =>
        HttpResponse.json(
          envelope({
            tenants: [
              {
                tenantId: 1,
                code: 'platform',
                name: 'Platform',
                internal: true,
                storageUsed: 0,
                storageQuota: null,
                bags: 0,
                downloadsUsed: null,
                downloadQuota: null,
                accounts: 1,
                tasks: null,
              },
              {
                tenantId: 2,
                code: 'demo',
                name: 'Demo',
                internal: false,
                storageUsed: 2048,
                storageQuota: 4096,
                bags: 2,
                downloadsUsed: null,
                downloadQuota: 1,
                accounts: 3,
                tasks: null,
              },
            ],
            counted: { downloads: false, tasks: false },
          }),
        ),
      ),
    );
    await render(<UsageStatistics />);
    const totalsRow = await waitFor('usage-totals');
    expect(totalsRow.textContent).toContain('2.00 KB');
    await vi.waitFor(() => expect(container.querySelectorAll('.ant-table-row')).toHaveLength(2));
    expect(container.textContent).toContain('2.00 KB / 4.00 KB');
    const bySpace = await waitFor('storage-by-space');
    await vi.waitFor(() =>
      expect(drawn(bySpace, 'bar')).toMatchObject([
        { label: 'Demo', value: 2048 },
        { label: 'Platform', value: 0 },
      ]),
    );
  });
});
