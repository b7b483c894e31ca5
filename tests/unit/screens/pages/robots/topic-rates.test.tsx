import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RobotTopic } from '../../../../../model/schemas/robot-report';
import { loadNamespaces } from '../../../../../src/providers/i18n';
import { sessionStore } from '../../../../../src/providers/session-store';
import TopicRates from '../../../../../src/screens/pages/robots/topic-rates';
import { installBrowserShims } from '../../../browser-shims';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';
import { byTestId, mountInShell } from '../../shell-mount';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  installBrowserShims();
  await loadNamespaces(['robot']);
});
beforeEach(() => sessionStore.save('token', accountOf('rd'), tenantOf()));
afterEach(() => vi.useRealTimers());

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const camera = (): RobotTopic => ({
  topic: '/camera/front',
  rate: 24.46,
  lastMessageTime: secondsAgo(12),
  reportedTime: secondsAgo(3),
  rules: [
    { ruleId: 1, name: 'front fps', frameRate: 30, windowSeconds: 10, state: 'pending' },
    { ruleId: 2, name: 'front alive', frameRate: null, windowSeconds: 20, state: 'ok' },
  ],
});
const joints = (): RobotTopic => ({
  topic: '/joint_states',
  rate: null,
  lastMessageTime: null,
  reportedTime: null,
  rules: [{ ruleId: 3, name: 'joints', frameRate: 100, windowSeconds: 5, state: 'firing' }],
});

/** Answers robot 5's topics with each answer in turn (the last one again after them), counting the calls. */
function serve(...answers: RobotTopic[][]) {
  const asked: string[] = [];
  server.use(
    mock.get('*/api/v1/device/robot/5/topics', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json(envelope(answers[Math.min(asked.length, answers.length) - 1]));
    }),
  );
  return asked;
}

const cells = (section: HTMLElement) =>
  [...section.querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe("a robot's topic rates", () => {
  it('shows each topic’s rate against the rules watching it, each rule by its state, and how long ago its last message came', async () => {
    // The clock stands still: a loaded machine's slow render must not age the last message.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T08:00:00Z'));
    const asked = serve([camera(), joints()]);
    await mountInShell(<TopicRates record={{ id: 5 }} />);
    const section = await byTestId('topic-rates');
    await vi.waitFor(() => expect(cells(section)).toHaveLength(2));
    const [front, states] = cells(section);
    expect(front!.slice(0, 3)).toEqual(['/camera/front', '24.5', 'front fps · 阈值 30 Hz · 待定front alive · 窗口 20 秒 · 正常']);
    expect(front![3]).toBe('12秒前');
    expect(states).toEqual(['/joint_states', '-', 'joints · 阈值 100 Hz · 告警中', '-']);
    // the state is coloured as well as written: amber while pending, green when met, red once firing
    const tags = [...section.querySelectorAll('.ant-tag')].map((tag) => [
      tag.getAttribute('data-state'),
      ['green', 'gold', 'red'].find((color) => tag.classList.contains(`ant-tag-${color}`)),
    ]);
    expect(tags).toEqual([
      ['pending', 'gold'],
      ['ok', 'green'],
      ['firing', 'red'],
    ]);
    expect(asked).toEqual(['/api/v1/device/robot/5/topics']);
  });

  it('says no figures have come yet while the robot has reported no topic', async () => {
    serve([]);
    await mountInShell(<TopicRates record={{ id: 5 }} />);
    expect((await byTestId('topic-rates-empty')).textContent).toBe('尚未收到话题数据：机器人上报心跳后显示');
  });

  it('reads the topics again every 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'], shouldAdvanceTime: true });
    const slower = { ...camera(), rate: 12 };
    const asked = serve([camera()], [slower]);
    await mountInShell(<TopicRates record={{ id: 5 }} />);
    const section = await byTestId('topic-rates');
    await vi.waitFor(() => expect(cells(section)[0]?.[1]).toBe('24.5'));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(asked).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await vi.waitFor(() => expect(cells(section)[0]?.[1]).toBe('12.0'));
    expect(asked).toHaveLength(2);
  });
});
