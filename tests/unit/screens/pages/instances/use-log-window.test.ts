import { describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../../../../src/screens/pages/instances/log-api';
import { LogWindow, type LogApi } from '../../../../../src/screens/pages/instances/use-log-window';
import { entries } from './log-fixtures';

/** A log of `total` lines (growing as `grow` says), served by the window's three calls; it records what was asked. */
function fakeLog(total: number) {
  const log = { total, asked: [] as string[] };
  const slice = (from: number, to: number): LogEntry[] => entries(Math.max(1, from), Math.min(log.total, to));
  const api: LogApi = {
    tail: async (_id, limit = 500) => (log.asked.push(`tail ${limit}`), { lines: slice(log.total - limit + 1, log.total), total: log.total }),
    before: async (_id, seq, limit = 500) => (log.asked.push(`before ${seq}`), { lines: slice(seq - limit, seq - 1), total: log.total }),
    after: async (_id, seq, limit = 500) => (log.asked.push(`after ${seq}`), { lines: slice(seq + 1, seq + limit), total: log.total }),
  };
  return { log, api };
}
const seqRange = (window: LogWindow) => {
  const { lines } = window.getSnapshot();
  return [lines.first?.seq, lines.last?.seq, lines.length];
};

describe('the log window', () => {
  it('opens at the last 500 lines and pages back, stopping at the first line', async () => {
    const { api, log } = fakeLog(1200);
    const window = new LogWindow(7, api);
    await window.load();
    expect(window.getSnapshot()).toMatchObject({ phase: 'ready', total: 1200, streamFrom: 1200, atLatest: true, following: true });
    expect(seqRange(window)).toEqual([701, 1200, 500]);
    await window.loadOlder();
    await window.loadOlder();
    expect(seqRange(window)).toEqual([1, 1200, 1200]);
    expect(window.hasOlder).toBe(false);
    await window.loadOlder();
    expect(log.asked).toEqual(['tail 500', 'before 701', 'before 201']);
  });

  it('adds live lines once each, in batches', async () => {
    vi.useFakeTimers();
    try {
      const { api } = fakeLog(500);
      const window = new LogWindow(7, api);
      await window.load();
      window.appendLive(entries(499, 502)); // the stream may repeat what the tail had
      window.appendLive(entries(502, 503));
      expect(seqRange(window)).toEqual([1, 500, 500]); // not yet: batched
      await vi.advanceTimersByTimeAsync(100);
      expect(seqRange(window)).toEqual([1, 503, 503]);
      expect(window.getSnapshot().total).toBe(503);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills a gap in the live lines from the server rather than skipping it', async () => {
    const { api, log } = fakeLog(500);
    const window = new LogWindow(7, api, { flushMs: 0 });
    await window.load();
    log.total = 520;
    window.appendLive(entries(511, 520)); // 501..510 were missed
    await vi.waitFor(() => expect(seqRange(window)).toEqual([1, 520, 520]));
    expect(log.asked.at(-1)).toBe('after 500');
    expect(window.getSnapshot().atLatest).toBe(true);
  });

  it('holds at most maxLoaded lines: following lets the oldest go, paging back lets the newest go', async () => {
    const { api, log } = fakeLog(3000);
    const window = new LogWindow(7, api, { pageSize: 500, maxLoaded: 1000, flushMs: 0 });
    await window.load();
    await window.loadOlder();
    await window.loadOlder(); // 1501..3000 would be 1500 lines
    expect(seqRange(window)).toEqual([1501, 2500, 1000]);
    expect(window.getSnapshot()).toMatchObject({ atLatest: false, following: false });
    log.total = 3010;
    window.appendLive(entries(3001, 3010)); // not added: the window is elsewhere
    await vi.waitFor(() => expect(window.getSnapshot().total).toBe(3010));
    expect(seqRange(window)).toEqual([1501, 2500, 1000]);
    await window.loadNewer();
    await window.loadNewer();
    expect(seqRange(window)).toEqual([2011, 3010, 1000]);
    expect(window.getSnapshot().atLatest).toBe(true);
    window.setFollowing(true);
    log.total = 3020;
    window.appendLive(entries(3011, 3020));
    await vi.waitFor(() => expect(seqRange(window)).toEqual([2021, 3020, 1000]));
  });

  it('jumps to the region around a match and back to the latest', async () => {
    const { api, log } = fakeLog(100_000);
    const window = new LogWindow(7, api);
    await window.load();
    await window.jumpTo(5000);
    expect(log.asked.at(-1)).toBe('before 5251');
    expect(seqRange(window)).toEqual([4751, 5250, 500]);
    expect(window.getSnapshot()).toMatchObject({ focus: { seq: 5000 }, following: false, atLatest: false });
    await window.jumpTo(5100); // loaded already: nothing asked
    expect(log.asked.at(-1)).toBe('before 5251');
    expect(window.getSnapshot().focus?.seq).toBe(5100);
    await window.showLatest();
    expect(seqRange(window)).toEqual([99_501, 100_000, 500]);
    expect(window.getSnapshot()).toMatchObject({ following: true, atLatest: true });
  });

  it('drops a page that comes back after the window was replaced', async () => {
    const { api } = fakeLog(10_000);
    const waiting: (() => void)[] = [];
    const slow: LogApi = { ...api, before: (id, seq, limit) => new Promise((resolve) => waiting.push(() => resolve(api.before(id, seq, limit)))) };
    const window = new LogWindow(7, slow);
    await window.load();
    const older = window.loadOlder(); // 9001..9500, asked first
    const jump = window.jumpTo(100); // replaces the window meanwhile
    waiting[1]!();
    await jump;
    waiting[0]!();
    await older;
    expect(seqRange(window)).toEqual([1, 350, 350]);
  });
});
