import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
// Its popup loads on the first click: here it is in before the test's clock starts.
import '../../../../../src/screens/components/schema/actions/confirm-popup';
import InstanceLogLink from '../../../../../src/screens/pages/instances/instance-log-link';
import InstanceRerunButton from '../../../../../src/screens/pages/instances/instance-rerun-button';
import InstanceStateHistory, { historyOf } from '../../../../../src/screens/pages/instances/instance-state-history';
import { useLogTail } from '../../../../../src/screens/pages/instances/instance-log-tail';
import { notifier } from '../../../../../src/providers/notifier';
import { envelope, mockApi } from '../../../msw';
import { entries } from './log-fixtures';
import { browserShims, byTestId, location, renderAt } from './page-setup';
import { eventStream, sse } from './sse-mock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
browserShims();
const DETAIL = '/taskFlow/ops/instanceDetail/:instanceId';

describe("the instance page's parts", () => {
  it('rerun asks first, posts the rerun and opens the new instance', async () => {
    const success = vi.spyOn(notifier, 'success').mockImplementation(() => undefined);
    const posted: string[] = [];
    server.use(
      mock.post('*/api/v1/taskFlow/instance/7/rerun', async ({ request }) => {
        posted.push(await request.text());
        return HttpResponse.json(envelope({ id: 99 }));
      }),
    );
    await renderAt(<InstanceRerunButton record={{ id: 7 }} />, DETAIL, '/taskFlow/ops/instanceDetail/7');
    await act(async () => (await byTestId('instance-rerun')).click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('以新实例重新运行该任务？'));
    expect(posted).toEqual([]);
    const ok = [...document.querySelectorAll('button')].find((button) => button.textContent?.replace(/\s/g, '') === '确定')!;
    await act(async () => ok.click());
    await vi.waitFor(() => expect(location.pathname).toBe('/taskFlow/ops/instanceDetail/99'));
    expect(posted).toEqual(['']); // no body
    expect(success).toHaveBeenCalledWith('实例 99 已启动');
    success.mockRestore();
  }, 20_000);

  it('links to the log page', async () => {
    await renderAt(<InstanceLogLink record={{ id: 7 }} />, DETAIL, '/taskFlow/ops/instanceDetail/7');
    expect((await byTestId('instance-log-link')).getAttribute('href')).toBe('/taskFlow/ops/instanceLog/7');
  }, 20_000);

  it('draws the state history with the statuses’ own labels, whatever shape the field comes in', async () => {
    expect(historyOf('not json')).toEqual([]);
    expect(historyOf([{ status: 'running', time: 1 }, null, { time: 'x' }])).toEqual([{ status: 'running', time: undefined, by: undefined }]);
    server.use(mock.get('*/api/v1/console/account/*', () => HttpResponse.json(envelope({ records: [] }))));
    const history = JSON.stringify([
      { status: 'pending', time: '2026-01-01T00:00:00.000Z', by: 'rd' },
      { status: 'running', time: '2026-01-01T00:00:05.000Z', by: 'runner' },
      { status: 'timed_out', time: '2026-01-01T01:00:05.000Z' },
    ]);
    await renderAt(<InstanceStateHistory record={{ id: 7, history }} />, DETAIL, '/taskFlow/ops/instanceDetail/7');
    const section = await byTestId('instance-state-history');
    await vi.waitFor(() =>
      expect([...section.querySelectorAll('[data-testid="instance-status"]')].map((tag) => tag.textContent)).toEqual(['等待中', '运行中', '已超时']),
    );
    expect(section.textContent).toContain('操作人 rd');
  });

  it('keeps the last lines of the log, following it live', async () => {
    const asked: string[] = [];
    server.use(
      mock.get('*/api/v1/taskFlow/instance/7/logs', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(envelope({ lines: entries(51, 100), total: 100 }));
      }),
      mock.get('*/api/v1/taskFlow/instance/7/logs/stream', ({ request }) => {
        asked.push(new URL(request.url).search);
        return eventStream([sse.status('running'), sse.lines(entries(100, 103)), sse.end('succeeded')]);
      }),
    );
    const tail: { current?: ReturnType<typeof useLogTail> } = {};
    const statuses: string[] = [];
    function Probe() {
      tail.current = useLogTail(7, 50, (status) => statuses.push(status));
      return null;
    }
    await renderAt(<Probe />, DETAIL, '/taskFlow/ops/instanceDetail/7');
    await vi.waitFor(() => expect(tail.current?.state).toBe('ended'));
    expect(tail.current!.lines!.map((line) => line.seq)).toEqual(entries(54, 103).map((line) => line.seq));
    expect(asked).toEqual(['?limit=50', '?after=100']);
    expect(statuses).toEqual(['running', 'succeeded']);
  });
});
