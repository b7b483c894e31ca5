import { percentile } from '../runner/harness';

/** One answered (or failed) request: when it started (ms since the epoch) and how long it took. */
export interface Sample {
  at: number;
  ms: number;
}

/** A request that was answered with an error status: its kind's error count, and the first few answers for the table. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status} ${body.slice(0, 200)}`);
  }
}

const TIMEOUT_MS = 30_000; // the console's own client timeout

/** An error as the table shows it: fetch's own reason (a reset, a refusal, a timeout) is its cause. */
const describe = (error: unknown): string => (error instanceof Error ? `${error.message}${error.cause ? ` (${describe(error.cause)})` : ''}` : String(error));

/**
 * Every request's time by its kind, with its errors (an error status, a refused connection, no
 * answer within the console's 30 s). `measure` keeps the failure for the caller; `request` is a
 * JSON call of the API whose `data` it returns.
 */
export class Recorder {
  readonly samples = new Map<string, Sample[]>();
  readonly errors = new Map<string, number>();
  readonly firstErrors: string[] = [];

  async measure<T>(kind: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const at = Date.now();
    const began = performance.now();
    try {
      const result = await work(AbortSignal.timeout(TIMEOUT_MS));
      this.add(kind, { at, ms: performance.now() - began });
      return result;
    } catch (error) {
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      if (this.firstErrors.length < 5) this.firstErrors.push(`${kind} after ${((performance.now() - began) / 1000).toFixed(1)} s: ${describe(error)}`);
      throw error;
    }
  }

  request(kind: string, url: string, init: RequestInit = {}): Promise<any> {
    return this.measure(kind, async (signal) => {
      const response = await fetch(url, { ...init, signal });
      const text = await response.text();
      if (!response.ok) throw new HttpError(response.status, text);
      return (JSON.parse(text) as { data?: unknown }).data;
    });
  }

  private add(kind: string, sample: Sample) {
    const samples = this.samples.get(kind) ?? [];
    samples.push(sample);
    this.samples.set(kind, samples);
  }
}

/** p50/p95/p99/max of a kind's times, optionally only of the requests under way at some moment of [from, to). */
export function summary(samples: Sample[], spans: { from: number; to: number }[] = [{ from: -Infinity, to: Infinity }]) {
  const times = samples.filter((sample) => spans.some(({ from, to }) => sample.at < to && sample.at + sample.ms > from)).map((sample) => sample.ms);
  return {
    count: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: percentile(times, 100), // not Math.max(...times): an hour's requests overflow the call stack as arguments
  };
}
