import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../../../src/providers/i18n';
import { notifier } from '../../../../../src/providers/notifier';
import { sessionStore } from '../../../../../src/providers/session-store';
// Its popup loads on the first click that asks: here it is in before the tests.
import '../../../../../src/screens/components/schema/actions/confirm-popup';
import { AlarmBell } from '../../../../../src/screens/components/layout/alarm-bell';
import { installBrowserShims } from '../../../browser-shims';
import { afterPaint } from '../../../mounted-root';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';
import { buttonNamed, byTestId, confirmPopup, location, mountInShell, noAccounts } from '../../shell-mount';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  installBrowserShims();
  await loadNamespaces(['alarmNotice', 'alarmRecord', 'accessKey']);
});
beforeEach(() => {
  sessionStore.save('token', accountOf('rd', { code: 'rd1' }), tenantOf());
  noAccounts(server);
  vi.spyOn(notifier, 'success').mockImplementation(() => undefined);
});
afterEach(() => vi.useRealTimers());

const notice = (id: number, alarmId: number, kind: string, topic: string) => ({
  id,
  account: 'rd1',
  alarmId,
  robotId: 5,
  kind,
  topic,
  alarmTime: '2026-11-01T10:00:00.000Z',
  status: 'unread',
  titles: { robotId: 'Arm 1', alarmId: topic },
});
const alarm = (id: number, state: string, status: string) => ({ id, robotId: 5, kind: 'slow', topic: '/camera/front', state, status, titles: {} });

interface Api {
  /** Each notice query's parameters. */
  queries: URLSearchParams[];
  /** Each alarm read, by id. */
  reads: number[];
  /** Each post: its path after /device/ and its body. */
  posted: [string, unknown][];
}

/**
 * The notices' and alarms' API: the unread notices (`total` of them, `shown` listed), and each alarm
 * as `alarms` holds it, which a post to it changes as the server would.
 */
function serve(shown: ReturnType<typeof notice>[], total = shown.length, alarms: Record<number, ReturnType<typeof alarm>> = {}): Api {
  const api: Api = { queries: [], reads: [], posted: [] };
  let unread = total;
  server.use(
    mock.get('*/api/v1/device/alarm-notice/query', ({ request }) => {
      const params = new URL(request.url).searchParams;
      api.queries.push(params);
      const records = Number(params.get('pageSize')) > 10 ? Array.from({ length: unread }, (_, index) => notice(100 + index, 1, 'slow', '')) : shown;
      return HttpResponse.json(envelope({ records: records.slice(0, unread), total: unread, pageNum: 1, pageSize: Number(params.get('pageSize')) }));
    }),
    mock.get('*/api/v1/device/alarm-record/get', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      api.reads.push(id);
      return HttpResponse.json(envelope(alarms[id]));
    }),
    mock.post('*/api/v1/device/:entity/:action', async ({ request, params }) => {
      const body = (await request.json()) as { ids: number[] };
      api.posted.push([`${String(params.entity)}/${String(params.action)}`, body]);
      if (params.action === 'markRead') unread = Math.max(0, unread - body.ids.length);
      const changed = { acknowledge: 'acknowledged', close: 'closed' }[String(params.action)];
      if (changed) for (const id of body.ids) alarms[id] = { ...alarms[id]!, status: changed };
      return HttpResponse.json(envelope(body.ids.map((id) => ({ id }))));
    }),
  );
  return api;
}

const count = () => document.querySelector('[data-testid="alarm-bell-count"] sup')?.getAttribute('title') ?? null;
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="alarm-notice-row"]')];

/** The bell at a page of the console, its drawer opened once the count is in. */
async function openDrawer() {
  await mountInShell(<AlarmBell />, '/data/lake/raw-data');
  await afterPaint();
  await act(async () => (await byTestId('alarm-bell')).click());
  return byTestId('alarm-drawer');
}

describe('the alarm bell', () => {
  it('is not there for an account that may not read alarm notices, and asks nothing', async () => {
    sessionStore.save('token', accountOf('tele_operator'), tenantOf());
    const api = serve([notice(1, 70, 'slow', '/camera/front')]);
    const container = await mountInShell(<AlarmBell />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(container.querySelector('[data-testid="alarm-bell"]')).toBeNull();
    expect(api.queries).toEqual([]);
  });

  it("counts the account's unread notices on its badge, and counts again every 10 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'], shouldAdvanceTime: true });
    const api = serve([notice(1, 70, 'slow', '/camera/front')], 3);
    await mountInShell(<AlarmBell />);
    await afterPaint();
    await vi.waitFor(() => expect(count()).toBe('3'), { timeout: 5000 });
    expect(Object.fromEntries(api.queries[0]!)).toEqual({ account: 'rd1', status: 'unread', pageSize: '10', pageNum: '1' });
    server.use(mock.get('*/api/v1/device/alarm-notice/query', () => HttpResponse.json(envelope({ records: [], total: 120 }))));
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await vi.waitFor(() => expect(count()).toBe('120'));
    expect((await byTestId('alarm-bell-count')).textContent).toBe('99+');
  });

  it("lists the newest notices in its drawer, each with its robot and its alarm's state as it is now", async () => {
    const api = serve([notice(1, 70, 'slow', '/camera/front'), notice(2, 71, 'offline', '')], 2, {
      70: alarm(70, 'firing', 'open'),
      71: alarm(71, 'resolved', 'acknowledged'),
    });
    await openDrawer();
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await vi.waitFor(() => expect(rows()[1]!.textContent).toContain('已确认'));
    const [slow, offline] = rows();
    expect([...slow!.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['帧率过低', '告警中', '未处理']);
    expect([...offline!.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['机器人离线', '已恢复', '已确认']);
    expect(slow!.textContent).toContain('/camera/front');
    expect([...slow!.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Arm 1', '/device/robot/detail/5'],
      ['查看告警', '/device/robot/alarm/records/70'],
    ]);
    const buttons = (row: HTMLElement) => [...row.querySelectorAll('button')].map((button) => [button.textContent, button.disabled]);
    expect(buttons(slow!)).toEqual([
      ['确认', false],
      ['关闭', false],
    ]);
    expect(buttons(offline!)).toEqual([
      ['确认', true], // acknowledged already
      ['关闭', false],
    ]);
    expect(api.reads.sort()).toEqual([70, 71]);
    expect((await byTestId('alarm-records-link')).getAttribute('href')).toBe('/device/robot/alarm/records');
  });

  it('acknowledges an alarm at once and closes one after asking, its state read again after each', async () => {
    const api = serve([notice(1, 70, 'slow', '/camera/front')], 1, { 70: alarm(70, 'firing', 'open') });
    await openDrawer();
    await vi.waitFor(() => expect(rows()[0]?.textContent).toContain('未处理'));
    await act(async () => buttonNamed('确认', rows()[0])!.click());
    await vi.waitFor(() => expect(rows()[0]!.textContent).toContain('已确认'));
    expect(api.posted).toEqual([['alarm-record/acknowledge', { ids: [70] }]]);
    await act(async () => buttonNamed('关闭', rows()[0])!.click());
    expect(api.posted).toHaveLength(1); // nothing sent before the answer
    await confirmPopup('确定对该记录执行“关闭”吗？');
    await vi.waitFor(() => expect(rows()[0]!.textContent).toContain('已关闭'));
    expect(api.posted.at(-1)).toEqual(['alarm-record/close', { ids: [70] }]);
  });

  it('marks every unread notice read at a click, not only those listed', async () => {
    const api = serve([notice(1, 70, 'slow', '/camera/front')], 12, { 70: alarm(70, 'firing', 'open') });
    await openDrawer();
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => (await byTestId('alarm-read-all')).click());
    await vi.waitFor(() => expect(api.posted).toHaveLength(1));
    const [call, body] = api.posted[0]!;
    expect(call).toBe('alarm-notice/markRead');
    expect((body as { ids: number[] }).ids).toHaveLength(12);
    expect(Object.fromEntries(api.queries.find((params) => params.get('pageSize') === '1000')!)).toMatchObject({ account: 'rd1', status: 'unread' });
    await vi.waitFor(() => expect(document.querySelector('[data-testid="alarm-drawer"]')!.textContent).toContain('没有新的告警'));
    expect(count()).toBeNull(); // nothing unread: no badge
  });

  it('marks a notice read when one of its links is followed, and goes there with the drawer closed', async () => {
    const api = serve([notice(1, 70, 'slow', '/camera/front')], 1, { 70: alarm(70, 'firing', 'open') });
    await openDrawer();
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => rows()[0]!.querySelector<HTMLAnchorElement>('[data-testid="alarm-notice-record"]')!.click());
    expect(location.pathname).toBe('/device/robot/alarm/records/70');
    await vi.waitFor(() => expect(api.posted).toEqual([['alarm-notice/markRead', { ids: [1] }]]));
    await vi.waitFor(() => expect(document.querySelector('[data-testid="alarm-drawer"]')).toBeNull());
  });
});
