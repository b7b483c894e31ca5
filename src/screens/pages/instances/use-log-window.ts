import { useEffect, useState, useSyncExternalStore } from 'react';
import { LOG_PAGE, logApi, type LogEntry } from './log-api';
import { between, LogLines } from './log-lines';

/** Lines kept loaded at most: a million-line log is paged through, never held whole. */
export const MAX_LOADED = 20_000;
/** Live lines are added at most this often (a chatty run sends many small batches). */
export const LIVE_FLUSH_MS = 100;
/** A failed page is not asked for again sooner than this (the user may scroll on). */
const RETRY_PAGE_MS = 5000;

export interface LogWindowState {
  phase: 'loading' | 'ready' | 'error';
  lines: LogLines;
  /** Lines the log holds, as far as is known (the server's count, or the newest seq seen). */
  total: number;
  /** The window ends at the newest line known: live lines are added to it. */
  atLatest: boolean;
  /** Nothing older than the first loaded line. */
  reachedStart: boolean;
  /** The view stays at the newest line as lines arrive. */
  following: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  /** A region is being loaded around a line (a search match). */
  jumping: boolean;
  /** The newest seq of the first load: the live stream starts after it. */
  streamFrom?: number;
  /** A line to bring into view and mark; `nonce` tells a new request for the same line. */
  focus?: { seq: number; nonce: number };
}

export type LogApi = Pick<typeof logApi, 'tail' | 'before' | 'after'>;

const initial: LogWindowState = {
  phase: 'loading',
  lines: LogLines.empty,
  total: 0,
  atLatest: true,
  reachedStart: false,
  following: true,
  loadingOlder: false,
  loadingNewer: false,
  jumping: false,
};

/**
 * The loaded stretch of an instance's log, headless: the last page first, older pages before it as
 * the user scrolls up, live lines after it (deduplicated by seq), and the region around a line
 * found by search. At most `maxLoaded` lines are held: past that, the far end is let go (and the
 * window no longer reaches the newest line, until the user goes back there).
 */
export class LogWindow {
  private state = initial;
  private listeners = new Set<() => void>();
  /** Bumped when the window is replaced (a jump, the latest reloaded, leaving): late pages are dropped. */
  private generation = 0;
  private pending: LogEntry[] = [];
  private flushTimer?: ReturnType<typeof setTimeout>;
  private failedAt = { older: -Infinity, newer: -Infinity };
  private nonce = 0;

  constructor(
    readonly instanceId: number | string,
    private readonly api: LogApi = logApi,
    private readonly options: { pageSize?: number; maxLoaded?: number; flushMs?: number } = {},
  ) {}

  private get pageSize() {
    return this.options.pageSize ?? LOG_PAGE;
  }
  private get maxLoaded() {
    return this.options.maxLoaded ?? MAX_LOADED;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.state;

  private set(change: Partial<LogWindowState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Whether lines older than the first loaded one exist. */
  get hasOlder() {
    const first = this.state.lines.first;
    return this.state.phase === 'ready' && !this.state.reachedStart && !!first && first.seq > 1;
  }

  /** The last page of the log (the page opens there, spec §9). */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.set({ ...initial });
    try {
      const page = await this.api.tail(this.instanceId, this.pageSize);
      if (generation !== this.generation) return;
      const lines = LogLines.of(page.lines);
      this.set({
        phase: 'ready',
        lines,
        total: Math.max(page.total, lines.last?.seq ?? 0),
        reachedStart: page.lines.length < this.pageSize,
        streamFrom: lines.last?.seq ?? 0,
      });
    } catch {
      if (generation === this.generation) this.set({ phase: 'error' }); // told centrally (spec §8)
    }
  }

  /** Stops everything under way (the page is left). */
  dispose() {
    this.generation++;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending = [];
  }

  setFollowing(following: boolean) {
    if (following !== this.state.following) this.set({ following });
  }

  /** Lines from the live stream; added in batches (flushMs). */
  appendLive(lines: LogEntry[]) {
    if (!lines.length) return;
    this.pending.push(...lines);
    if (this.flushTimer === undefined) this.flushTimer = setTimeout(() => this.flush(), this.options.flushMs ?? LIVE_FLUSH_MS);
  }

  private flush() {
    this.flushTimer = undefined;
    const incoming = this.pending;
    this.pending = [];
    const { phase, atLatest, lines, following, total } = this.state;
    if (phase !== 'ready' || !incoming.length) return;
    const newest = Math.max(total, incoming.at(-1)!.seq);
    if (!atLatest) return newest !== total ? this.set({ total: newest }) : undefined;
    const last = lines.last?.seq ?? 0;
    const fresh = between(incoming, last, Infinity);
    if (!fresh.length) return newest !== total ? this.set({ total: newest }) : undefined;
    // Lines missed in between (while a page was being loaded): fetch from the last one held.
    if (lines.length && fresh[0]!.seq > last + 1) {
      this.set({ total: newest, atLatest: false });
      return void this.loadNewer();
    }
    let next = lines.append(fresh);
    const over = next.length - this.maxLoaded;
    if (over > 0) {
      // At the bottom the oldest lines go; a reader further up keeps what they read, and the window stops growing.
      if (following) next = next.dropFront(over);
      else return this.set({ total: newest, atLatest: false });
    }
    this.set({ lines: next, total: newest });
  }

  /** The page before the first loaded line (the user scrolled near the top). */
  async loadOlder(): Promise<void> {
    const first = this.state.lines.first;
    if (!this.hasOlder || !first || this.state.loadingOlder || this.state.jumping || Date.now() - this.failedAt.older < RETRY_PAGE_MS) return;
    const generation = this.generation;
    this.set({ loadingOlder: true });
    try {
      const page = await this.api.before(this.instanceId, first.seq, this.pageSize);
      if (generation !== this.generation) return;
      let lines = this.state.lines.prepend(page.lines);
      const over = lines.length - this.maxLoaded;
      const trimmed = over > 0;
      if (trimmed) lines = lines.dropBack(over);
      this.set({
        lines,
        reachedStart: page.lines.length < this.pageSize || (lines.first?.seq ?? 1) <= 1,
        loadingOlder: false,
        ...(trimmed ? { atLatest: false, following: false } : {}),
      });
    } catch {
      this.failedAt.older = Date.now();
      if (generation === this.generation) this.set({ loadingOlder: false });
    }
  }

  /** The page after the last loaded line, while the window does not reach the newest line. */
  async loadNewer(): Promise<void> {
    const { phase, atLatest, loadingNewer, jumping, lines } = this.state;
    if (phase !== 'ready' || atLatest || loadingNewer || jumping || Date.now() - this.failedAt.newer < RETRY_PAGE_MS) return;
    const generation = this.generation;
    this.set({ loadingNewer: true });
    try {
      const page = await this.api.after(this.instanceId, lines.last?.seq ?? 0, this.pageSize);
      if (generation !== this.generation) return;
      let next = this.state.lines.append(page.lines);
      const over = next.length - this.maxLoaded;
      if (over > 0) next = next.dropFront(over);
      const caughtUp = page.lines.length < this.pageSize;
      this.set({ lines: next, atLatest: caughtUp, loadingNewer: false, total: Math.max(this.state.total, page.total, next.last?.seq ?? 0) });
    } catch {
      this.failedAt.newer = Date.now();
      if (generation === this.generation) this.set({ loadingNewer: false });
    }
  }

  /** Brings a line into view (a search match): loads the page around it unless it is loaded already. */
  async jumpTo(seq: number): Promise<void> {
    const focus = { seq, nonce: ++this.nonce };
    if (this.state.lines.indexOfSeq(seq) >= 0) return this.set({ focus, following: false });
    const generation = ++this.generation;
    this.set({ jumping: true, following: false, focus });
    const half = Math.floor(this.pageSize / 2);
    try {
      const page = await this.api.before(this.instanceId, seq + half + 1, this.pageSize);
      if (generation !== this.generation) return;
      const lines = LogLines.of(page.lines);
      const last = lines.last?.seq ?? 0;
      this.set({
        lines,
        jumping: false,
        loadingOlder: false,
        loadingNewer: false,
        reachedStart: page.lines.length < this.pageSize,
        // Fewer lines after the match than asked for: the window reaches the end.
        atLatest: last < seq + half || last >= this.state.total,
      });
    } catch {
      if (generation === this.generation) this.set({ jumping: false });
    }
  }

  /** "Jump to latest": follows the newest line again, reloading the last page if the window left it. */
  async showLatest(): Promise<void> {
    if (this.state.atLatest) return this.set({ following: true, focus: undefined });
    const generation = ++this.generation;
    this.set({ jumping: true, following: true, focus: undefined });
    try {
      const page = await this.api.tail(this.instanceId, this.pageSize);
      if (generation !== this.generation) return;
      const lines = LogLines.of(page.lines);
      this.set({
        lines,
        jumping: false,
        loadingOlder: false,
        loadingNewer: false,
        atLatest: true,
        reachedStart: page.lines.length < this.pageSize,
        total: Math.max(this.state.total, page.total, lines.last?.seq ?? 0),
      });
    } catch {
      if (generation === this.generation) this.set({ jumping: false });
    }
  }
}

/** A LogWindow for the page's instance, loaded on mount; its state re-renders the caller. */
export function useLogWindow(instanceId: number | string, api?: LogApi, options?: ConstructorParameters<typeof LogWindow>[2]) {
  const [window] = useState(() => new LogWindow(instanceId, api, options));
  useEffect(() => {
    void window.load();
    return () => window.dispose();
  }, [window]);
  const state = useSyncExternalStore(window.subscribe, window.getSnapshot);
  return { window, state };
}
