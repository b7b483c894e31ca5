import { useEffect, useRef, useState } from 'react';
import { apiUrl, authorization, failCall } from '../../../providers/http';
import { cleanLines, logApi, type LogEntry } from './log-api';
import { createSseParser, jsonOrText } from './sse-parser';

/** How the live log is doing: reading, waiting to reconnect, over (the run ended), or refused for good. */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'failed';

export interface LogStreamHandlers {
  /** New lines, in order, each seq once (never one at or before a seq already given). */
  onLines?: (lines: LogEntry[]) => void;
  /** The instance's status: at the start and at each change. */
  onStatus?: (status: string) => void;
  /** The run has ended and every line was sent. */
  onEnd?: (status: string) => void;
  onState?: (state: StreamState) => void;
}

export interface LogStreamOptions {
  /** Reconnection delays: the first, doubled up to the last (1 s → 10 s). */
  retryMs?: [number, number];
  /** A connection silent this long is dead (the server pings every 15 s). */
  idleMs?: number;
}

const RETRY_MS: [number, number] = [1000, 10_000];
const IDLE_MS = 45_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows an instance's log from `after` (the last seq the caller has): reads the event stream with
 * fetch (bearer token), and on a dropped connection connects again from the last seq received, after
 * 1 s, 2 s, ... 10 s, so no line is lost or given twice. A refusal (4xx) is told centrally and ends
 * it. Returns the function that stops it.
 */
export function openLogStream(instanceId: number | string, after: number, handlers: LogStreamHandlers, options: LogStreamOptions = {}): () => void {
  const [firstRetry, maxRetry] = options.retryMs ?? RETRY_MS;
  const idleMs = options.idleMs ?? IDLE_MS;
  const stop = new AbortController();
  let lastSeq = after;
  let delay = firstRetry;
  let state: StreamState | undefined;
  const setState = (next: StreamState) => {
    if (next !== state) handlers.onState?.((state = next));
  };

  /** One connection; resolves 'end' when the run is over, 'refused' on a 4xx, 'dropped' otherwise. */
  async function connect(): Promise<'end' | 'refused' | 'dropped'> {
    const connection = new AbortController();
    const abort = () => connection.abort();
    stop.signal.addEventListener('abort', abort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(abort, idleMs);
    };
    let ended = false;
    const parser = createSseParser({
      onEvent: ({ event, data }) => {
        delay = firstRetry; // it works again: the next drop waits the first delay
        setState('live');
        const payload = jsonOrText(data) as { lines?: unknown; status?: unknown } | undefined;
        if (event === 'lines') {
          const fresh = cleanLines(payload?.lines).filter((line) => line.seq > lastSeq);
          if (!fresh.length) return;
          lastSeq = fresh.at(-1)!.seq;
          handlers.onLines?.(fresh);
        } else if (event === 'status' && typeof payload?.status === 'string') handlers.onStatus?.(payload.status);
        else if (event === 'end') {
          ended = true;
          if (typeof payload?.status === 'string') handlers.onStatus?.(payload.status);
          handlers.onEnd?.(typeof payload?.status === 'string' ? payload.status : '');
          connection.abort();
        }
      },
    });
    try {
      alive();
      const response = await fetch(apiUrl(logApi.streamPath(instanceId), { after: lastSeq }), {
        headers: { Accept: 'text/event-stream', ...authorization() },
        signal: connection.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        const { status } = response;
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
          try {
            failCall(status, jsonOrText(text)); // told as every call's failure is (spec §8)
          } catch {
            // failCall rejects once the user has been told
          }
          return 'refused';
        }
        return 'dropped';
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        parser.push(decoder.decode(value, { stream: true }));
        if (ended) break;
      }
      parser.push(decoder.decode());
      parser.end();
      return ended ? 'end' : 'dropped';
    } catch {
      return ended ? 'end' : 'dropped';
    } finally {
      clearTimeout(idle);
      stop.signal.removeEventListener('abort', abort);
      connection.abort(); // lets the body go
    }
  }

  void (async () => {
    setState('connecting');
    while (!stop.signal.aborted) {
      const outcome = await connect();
      if (stop.signal.aborted) return;
      if (outcome === 'end') return setState('ended');
      if (outcome === 'refused') return setState('failed');
      setState('reconnecting');
      await sleep(delay, stop.signal);
      delay = Math.min(delay * 2, maxRetry);
    }
  })();
  return () => stop.abort();
}

/**
 * The live log of an instance as a hook: opens the stream once `after` is known (the last seq the
 * page has loaded), closes it on leaving. Handlers may change between renders (the latest is called).
 */
export function useLogStream(instanceId: number | string, after: number | undefined, handlers: LogStreamHandlers, options?: LogStreamOptions) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [state, setState] = useState<StreamState>('connecting');
  const [status, setStatus] = useState<string>();
  const retry = options?.retryMs?.join(',');
  const idleMs = options?.idleMs;
  useEffect(() => {
    if (after === undefined) return;
    setStatus(undefined);
    return openLogStream(
      instanceId,
      after,
      {
        onLines: (lines) => latest.current.onLines?.(lines),
        onStatus: (next) => (setStatus(next), latest.current.onStatus?.(next)),
        onEnd: (final) => latest.current.onEnd?.(final),
        onState: (next) => (setState(next), latest.current.onState?.(next)),
      },
      { retryMs: retry ? (retry.split(',').map(Number) as [number, number]) : undefined, idleMs },
    );
  }, [instanceId, after, retry, idleMs]);
  return { state, status };
}
