import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import InstanceLogPage from '../../../../../src/screens/pages/instances/instance-log-page';
import { envelope, mockApi } from '../../../msw';
import { entries } from './log-fixtures';
import { browserShims, byTestId, renderAt } from './page-setup';
import { eventStream, sse } from './sse-mock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
browserShims();

const TOTAL = 1_000_000;
const API = '*/api/v1/taskFlow/instance';
const record = { id: 7, taskName: 'bag-slice-nightly', k8sJobName: 'edp-job-abcde', status: 'pending' };
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="log-viewer"] [data-seq]')];
const seqsShown = () => rows().map((row) => Number(row.dataset.seq));

/** A million-line log: the page asks for its tail, pages around a line, searches and the live stream. */
function serveLog() {
  const asked: string[] = [];
  server.use(
    mock.get(`${API}/get`, () => HttpResponse.json(envelope(record))),
    mock.get(`${API}/7/logs`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(request.url.replace(/^.*\/logs/, ''));
      const limit = Number(params.get('limit'));
      const before = params.get('before');
      const end = before ? Number(before) - 1 : TOTAL;
      return HttpResponse.json(envelope({ lines: entries(Math.max(1, end - limit + 1), end), total: TOTAL }));
    }),
    mock.get(`${API}/7/logs/search`, ({ request }) => {
      asked.push(request.url.replace(/^.*\/logs/, ''));
      return HttpResponse.json(envelope({ lines: [...entries(5000, 5000, 'stderr'), ...entries(900_000, 900_000)] }));
    }),
    mock.get(`${API}/7/logs/stream`, ({ request }) => {
      asked.push(request.url.replace(/^.*\/logs/, ''));
      return eventStream([sse.status('running'), sse.lines(entries(TOTAL + 1, TOTAL + 2, 'stderr'))], { open: true });
    }),
  );
  return asked;
}

describe('the instance log page', () => {
  it('opens at the last 500 lines, shows only the rows in view, and follows the live lines and status', async () => {
    const asked = serveLog();
    await renderAt(<InstanceLogPage />, '/taskFlow/ops/instanceLog/:instanceId', '/taskFlow/ops/instanceLog/7');
    await vi.waitFor(() => expect(seqsShown()).toContain(TOTAL + 2), { timeout: 4000 });
    expect(asked.slice(0, 2)).toEqual(['?limit=500', `/stream?after=${TOTAL}`]);
    // 400px of 20px rows and a few around them: never the 500 loaded (nor the million)
    expect(rows().length).toBeLessThan(70);
    expect(Math.min(...seqsShown())).toBeGreaterThan(TOTAL - 500);
    expect(rows().at(-1)!.className).toContain('edp-log-stderr');
    expect(rows().at(-1)!.textContent).toContain(`line ${TOTAL + 2}`);
    await vi.waitFor(() => expect(document.querySelector('[data-testid="instance-status"]')?.textContent).toBe('运行中')); // live: pending → running
    expect(document.querySelector('.edp-panel-header h2')?.textContent).toContain('bag-slice-nightly · edp-job-abcde');
    expect((await byTestId('log-detail-link')).getAttribute('href')).toBe('/taskFlow/ops/instanceDetail/7');
    expect((await byTestId('log-count')).textContent).toBe('第 999,501–1,000,002 行，共 1,000,002 行');
  }, 20_000);

  it('searches on the server, lists the matches with their seq, and shows the region of the one clicked', async () => {
    const asked = serveLog();
    await renderAt(<InstanceLogPage />, '/taskFlow/ops/instanceLog/:instanceId', '/taskFlow/ops/instanceLog/7');
    await vi.waitFor(() => expect(seqsShown().length).toBeGreaterThan(0), { timeout: 4000 });
    const input =
      (await byTestId('log-search-input')).querySelector('input') ?? (document.querySelector('[data-testid="log-search-input"]') as HTMLInputElement);
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, 'Line 5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true })));
    const results = await byTestId('log-search-results');
    await vi.waitFor(() => expect(results.querySelectorAll('[data-seq]')).toHaveLength(2));
    expect(asked).toContain('/search?q=Line+5&limit=200');
    const first = results.querySelector<HTMLElement>('[data-seq="5000"]')!;
    expect(first.textContent).toContain('5000');
    expect(first.querySelector('mark')?.textContent).toBe('line 5');
    await act(async () => first.click());
    await vi.waitFor(() => expect(seqsShown()).toContain(5000), { timeout: 4000 });
    expect(asked).toContain('?before=5251&limit=500');
    const focused = document.querySelector<HTMLElement>('[data-testid="log-viewer"] .edp-log-focus');
    expect(focused?.dataset.seq).toBe('5000');
    expect(seqsShown().every((seq) => seq >= 4751 && seq <= 5250)).toBe(true);
    // away from the newest line: the way back says how far behind it is
    expect((await byTestId('log-latest')).textContent).toContain('跳到最新');
  }, 20_000);
});
