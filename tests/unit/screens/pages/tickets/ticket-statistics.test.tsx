import { http as mock, HttpResponse } from 'msw';
import { act, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, loadNamespaces } from '../../../../../src/providers/i18n';
import type { ChartSpec } from '../../../../../src/screens/components/charts/chart-configs';
import TicketStatistics from '../../../../../src/screens/pages/tickets/ticket-statistics';
import type { TicketStatistics as Statistics, WorkFigures } from '../../../../../src/screens/pages/tickets/tickets-api';
import { installBrowserShims } from '../../../browser-shims';
import { rendered } from '../../../mounted-root';
import { envelope, mockApi } from '../../../msw';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom draws no canvas: the chart shows the rows it was handed instead. */
vi.mock('../../../../../src/screens/components/charts/drawn-chart', () => ({
  default: ({ spec }: { spec: ChartSpec }) => <output data-testid={`drawn-${spec.kind}`} data-rows={JSON.stringify(spec.options.data)} />,
}));
/** The browser's save dialog is out of reach: the file handed to it is caught here. */
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../../../../src/screens/components/schema/shared/save-file', () => ({ saveBlob: saved }));

const server = mockApi();
// The first mount loads antd and the catalogues cold: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
// English, so the export's `lang` is the language chosen, not the default one.
beforeAll(async () => {
  installBrowserShims();
  await changeLanguage('en_US');
  await loadNamespaces(['ticket', 'ticketStatistics']); // in before the first mount, which would otherwise suspend on them
});
afterAll(() => changeLanguage('zh_CN'));

const figures = (member: string | null, changes: Partial<WorkFigures> = {}): WorkFigures => ({
  member,
  jobsAssigned: 4,
  itemsAssigned: 40,
  jobsDone: 2,
  itemsDone: 20,
  rejections: 1,
  firstPassRate: 0.5,
  rework: 1,
  secondsInProgress: 900,
  itemsPerHour: 12.34,
  ...changes,
});
const answer = (forecast: Partial<Statistics['forecast']> = {}): Statistics => ({
  members: [
    figures('alice'),
    figures('bob', { jobsDone: 0, itemsDone: 0, firstPassRate: null, secondsInProgress: 3900, itemsPerHour: null, rejections: 0, rework: 0 }),
  ],
  total: figures(null, { jobsAssigned: 8, itemsAssigned: 1234, firstPassRate: 0.25, secondsInProgress: 4800, itemsPerHour: 15 }),
  perDay: [
    { day: '2026-10-01', member: 'alice', items: 3 },
    { day: '2026-10-01', member: 'bob', items: 2 },
    { day: '2026-10-03', member: 'alice', items: 4 },
  ],
  forecast: { remainingItems: 100, itemsPerDay: 12.5, finishDate: '2026-11-20', ...forecast },
});

/** Answers the statistics of ticket 7 with `statistics`, and records each CSV export asked for. */
function serve(statistics: Statistics) {
  const exports: URLSearchParams[] = [];
  server.use(
    mock.get('*/api/v1/data/ticket/7/statistics', () => HttpResponse.json(envelope(statistics))),
    mock.get('*/api/v1/data/ticket/7/statistics/export', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse('member\nalice', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }),
  );
  return exports;
}

/** A blob's text, read as jsdom can (its Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const mount = (members = ['alice', 'bob', 'carol']) =>
  rendered(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <TicketStatistics ticketId={7} members={members} />
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );

const byTestId = async (testId: string) => {
  await vi.waitFor(() => expect(document.querySelector(`[data-testid="${testId}"]`), testId).not.toBeNull(), { timeout: 15_000 });
  return document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
};
/** Each row of the figures table as its cells' texts, the total row last. */
const rows = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr.ant-table-row, tfoot tr, .ant-table-summary tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe("a ticket's statistic tab", () => {
  it('shows each member and the whole ticket, rates in percent, time as a duration and nothing worked out as a dash', async () => {
    serve(answer());
    await mount();
    const table = await byTestId('statistics-table');
    expect(table.querySelector('thead')!.textContent).toBe(
      'MemberJobs assignedItems assignedJobs acceptedItems acceptedRejectionsFirst-pass acceptanceReworkTime in progressItems per hour',
    );
    expect(rows(table)).toEqual([
      ['alice', '4', '40', '2', '20', '1', '50.0%', '1', '15m 0s', '12.3'],
      ['bob', '4', '40', '0', '0', '0', '—', '0', '1h 5m 0s', '—'],
      ['Whole ticket', '8', '1,234', '2', '20', '1', '25.0%', '1', '1h 20m 0s', '15.0'],
    ]);
  });

  it('charts the items accepted each day, days without any as zero, each member in the tooltip', async () => {
    serve(answer());
    await mount();
    const chart = await byTestId('statistics-per-day');
    await vi.waitFor(() => expect(chart.querySelector('[data-testid="drawn-column"]')).not.toBeNull(), { timeout: 15_000 });
    const drawn = JSON.parse(chart.querySelector<HTMLElement>('[data-testid="drawn-column"]')!.dataset.rows!) as unknown;
    expect(drawn).toMatchObject([
      { label: '2026-10-01', value: 5, figures: { alice: 3, bob: 2 } },
      { label: '2026-10-02', value: 0, figures: {} },
      { label: '2026-10-03', value: 4, figures: { alice: 4 } },
    ]);
    expect(chart.querySelector('.edp-chart-table thead')!.textContent).toBe('Items acceptedalicebob');
  });

  it('forecasts the finish date at the recent pace', async () => {
    serve(answer());
    await mount();
    const forecast = await byTestId('statistics-forecast');
    expect(forecast.textContent).toContain('Done by 2026-11-20');
    expect(forecast.textContent).toContain('12.5 items accepted a day');
    expect(forecast.textContent).toContain('100 items to go');
  });

  it('says so when too little is accepted yet to forecast', async () => {
    serve(answer({ itemsPerDay: null, finishDate: null }));
    await mount();
    expect((await byTestId('statistics-forecast')).textContent).toBe('Not enough work accepted yet to forecast');
  });

  it('says every item is accepted when none is left', async () => {
    serve(answer({ remainingItems: 0, finishDate: null }));
    await mount();
    expect((await byTestId('statistics-forecast')).textContent).toBe('Every item is accepted');
  });
});

describe("the statistic tab's CSV export", () => {
  const button = () => document.querySelector<HTMLButtonElement>('[data-testid="statistics-export"]')!;
  /** Opens the collector list (a click on an open one would close it). */
  async function open() {
    if (document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')) return;
    const select = document.querySelector('[data-testid="statistics-collectors"] .ant-select-selector')!;
    await act(async () => void select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
  }
  const option = (member: string) =>
    vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${member}"]`);
      expect(found, member).not.toBeNull();
      return found!;
    });
  /** The collectors chosen, as the open list marks them (the tags fold into "+ n" where jsdom gives them no width). */
  async function chosen() {
    await open();
    return [...document.querySelectorAll('.ant-select-item-option-selected')].map((item) => item.getAttribute('title'));
  }
  /** Toggles the option of `member` (a chosen one is let go). */
  async function toggle(member: string) {
    await open();
    const item = await option(member);
    await act(async () => item.click());
  }
  /** Types into the list's search box: only the options that match are drawn. */
  async function search(text: string) {
    await open();
    const input = document.querySelector<HTMLInputElement>('[data-testid="statistics-collectors"] input')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    await act(async () => void input.dispatchEvent(new Event('input', { bubbles: true })));
  }

  it('exports the chosen collectors in the console language, and nothing with none chosen', async () => {
    const exports = serve(answer());
    await mount();
    await byTestId('statistics-table');
    expect(await chosen()).toEqual(['alice', 'bob', 'carol']); // the whole team at first
    await toggle('alice');
    await act(async () => button().click());
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(exports.map((params) => [params.get('collectors'), params.get('lang')])).toEqual([['bob,carol', 'en_US']]);
    expect(saved.mock.calls[0]![0]).toBe('ticket-7-statistics.csv');
    expect(await textOf(saved.mock.calls[0]![1] as Blob)).toBe('member\nalice');

    await toggle('bob');
    await toggle('carol');
    expect(await chosen()).toEqual([]);
    expect(button().disabled).toBe(true);
  });

  it('chooses the first 100 of a larger team, and refuses a 101st', async () => {
    const exports = serve(answer());
    const team = Array.from({ length: 101 }, (_, index) => `m${String(index).padStart(3, '0')}`);
    await mount(team);
    await byTestId('statistics-table');
    await toggle('m000');
    await search('m100'); // the list draws its first options only
    await toggle('m100');
    // a hundred chosen again: the one let go is refused now
    const refused = await option('m000');
    expect(refused.classList).toContain('ant-select-item-option-disabled');
    await act(async () => refused.click());
    expect(refused.getAttribute('aria-selected')).toBe('false');
    await act(async () => button().click());
    await vi.waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]!.get('collectors')!.split(',')).toEqual(team.slice(1));
  });
});
