import { http as mock, HttpResponse } from 'msw';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../../../../src/screens/pages/instances/log-api';
import { openLogStream, useLogStream, type StreamState } from '../../../../../src/screens/pages/instances/use-log-stream';
import { notifier } from '../../../../../src/providers/notifier';
import { sessionStore } from '../../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../../fixtures';
import { mockApi } from '../../../msw';
import { entries } from './log-fixtures';
import { cut, eventStream, sse } from './sse-mock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = mockApi();
const STREAM = '*/api/v1/taskFlow/instance/7/logs/stream';
const fast = { retryMs: [10, 40] as [number, number] };

beforeEach(() => sessionStore.save('secret-token', accountOf('rd'), tenantOf()));
afterEach(() => sessionStore.clear('signedOut'));

/** The stream answers in turn: each connection gets the next; what each asked is recorded. */
function connections(...answers: (() => Response)[]) {
  const asked: { after: string | null; authorization: string | null }[] = [];
  server.use(
    mock.get(STREAM, ({ request }) => {
      asked.push({ after: new URL(request.url).searchParams.get('after'), authorization: request.headers.get('authorization') });
      return (answers[asked.length - 1] ?? answers.at(-1)!)();
    }),
  );
  return asked;
}

describe('the live log stream', () => {
  it('reconnects after a drop from the last seq received, without losing or repeating a line, until the end', async () => {
    const first = sse.lines(entries(11, 13));
    const asked = connections(
      // the first connection drops after lines 11..13, its event cut mid-way
      () => eventStream([sse.status('running'), ...cut(first, 40), sse.ping]),
      () => HttpResponse.text('busy', { status: 503 }), // then one attempt fails
      // the next repeats line 13 (as a server might): it is given once
      () => eventStream([sse.status('running'), sse.lines(entries(13, 15)), sse.lines(entries(16, 16)), sse.end('succeeded')]),
    );
    const got: LogEntry[] = [];
    const states: StreamState[] = [];
    const statuses: string[] = [];
    const ended = new Promise<string>((resolve) =>
      openLogStream(
        7,
        10,
        { onLines: (lines) => got.push(...lines), onState: (state) => states.push(state), onStatus: (s) => statuses.push(s), onEnd: resolve },
        fast,
      ),
    );
    expect(await ended).toBe('succeeded');
    await vi.waitFor(() => expect(states.at(-1)).toBe('ended'));
    expect(got.map((line) => line.seq)).toEqual([11, 12, 13, 14, 15, 16]);
    expect(asked.map((request) => request.after)).toEqual(['10', '13', '13']);
    expect(asked.every((request) => request.authorization === 'Bearer secret-token')).toBe(true);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live', 'ended']);
    expect(statuses).toEqual(['running', 'running', 'succeeded']);
  });

  it('waits longer after each failed attempt, up to the last delay', async () => {
    const times: number[] = [];
    server.use(mock.get(STREAM, () => (times.push(performance.now()), HttpResponse.error())));
    const stop = openLogStream(7, 0, {}, { retryMs: [20, 80] });
    await vi.waitFor(() => expect(times.length).toBeGreaterThanOrEqual(5), { timeout: 3000 });
    stop();
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[1]).toBeGreaterThanOrEqual(35);
    expect(gaps[3]).toBeGreaterThanOrEqual(75);
    expect(gaps[3]).toBeLessThan(200);
  });

  it('stops on a refusal, told as every call is told', async () => {
    const warn = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    const asked = connections(() => HttpResponse.json({ code: 404, message: { zh_CN: '实例不存在', en_US: 'No such instance' } }, { status: 404 }));
    const states: StreamState[] = [];
    openLogStream(7, 0, { onState: (state) => states.push(state) }, fast);
    await vi.waitFor(() => expect(states.at(-1)).toBe('failed'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('as a hook: opens once the first page is in, and closes when the page goes', async () => {
    const asked = connections(
      () => eventStream([sse.status('running'), sse.lines(entries(501, 502))]),
      () => eventStream([sse.status('running'), sse.lines(entries(502, 503))], { open: true }),
    );
    const got: number[] = [];
    const hook: { current?: ReturnType<typeof useLogStream> } = {};
    function Probe({ after }: { after?: number }) {
      hook.current = useLogStream(7, after, { onLines: (lines) => got.push(...lines.map((line) => line.seq)) }, fast);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    root.render(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toHaveLength(0); // nothing before `after` is known
    root.render(<Probe after={500} />);
    await vi.waitFor(() => expect(got).toEqual([501, 502, 503]));
    expect(hook.current).toEqual({ state: 'live', status: 'running' });
    expect(asked.map((request) => request.after)).toEqual(['500', '502']);
    root.unmount();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked).toHaveLength(2);
  });
});
