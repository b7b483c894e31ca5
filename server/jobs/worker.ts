import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/tables';
import { claimJobs, type ClaimedJob } from './claim';
import { enqueueDue, type PeriodicJob } from './periodic';
import { DEFAULT_BACKOFF, extendLeases, markFailed, markSucceeded, type Backoff } from './settle';

export interface JobContext {
  db: Db;
  job: ClaimedJob;
  clock: Clock;
  /** Aborted when this run lost its lease (another worker may run the job now) or the worker stopped waiting for it. */
  signal: AbortSignal;
}

/** Payloads are the JSON enqueue stored; each handler states the shape it expects. */
export type JobHandler = (payload: any, ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** Periodic jobs; each needs a handler of its name. */
  schedules?: PeriodicJob[];
  /** Work each poll does before claiming (a scheduler looking at what has come due); its errors are reported, the poll goes on. */
  tick?: (now: Date) => Promise<void>;
  clock?: Clock;
  /** Handlers running at once in this process. */
  concurrency?: number;
  /** How long a claim holds without a heartbeat; a run whose process died is retried after it. */
  leaseMs?: number;
  /** Between polls; at most a third of the lease, so heartbeats (made while polling) keep leases alive. */
  pollMs?: number;
  workerId?: string;
  backoff?: Backoff;
  /** A handler's error (with its job), or the worker's own (the database unreachable, ...). */
  onError?: (error: unknown, job?: ClaimedJob) => void;
}

export interface Worker {
  workerId: string;
  /** Runs a poll now (heartbeat, due periodic jobs, claims) and starts the handlers it claimed. */
  poll(): Promise<void>;
  /** Resolves once no handler runs and no poll is pending. */
  idle(): Promise<void>;
  /** No more claims; waits for running handlers up to `timeoutMs`, then aborts their signals (their leases run out and another worker retries them). */
  stop(timeoutMs?: number): Promise<void>;
}

interface Running {
  job: ClaimedJob;
  leaseUntil: number;
  abort: AbortController;
  done: Promise<void>;
}

export function startWorker(options: WorkerOptions): Worker {
  const { db, handlers, schedules = [], clock = systemClock, concurrency = 2, leaseMs = 60_000, pollMs = 1000, backoff = DEFAULT_BACKOFF } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const report = options.onError ?? ((error: unknown) => console.error(error));
  if (!(concurrency >= 1)) throw new Error(`concurrency must be at least 1, got ${concurrency}`);
  if (!(pollMs > 0 && pollMs * 3 <= leaseMs)) throw new Error(`pollMs (${pollMs}) must be positive and at most a third of leaseMs (${leaseMs})`);
  for (const { name } of schedules) if (!handlers[name]) throw new Error(`periodic job ${name} has no handler`);
  const names = Object.keys(handlers);

  const running = new Map<number, Running>();
  /** Per schedule, the last due time this process saw enqueued (by itself or another): one statement per due time, not per poll. */
  const seenDue = new Map<string, number>();
  /** Stopping: no more claims, but heartbeats go on for the runs being waited for; stopped: nothing more. */
  let stopping = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Polls run one after another; a poll asked for while one waits joins it.
  let chain = Promise.resolve();
  let pending: Promise<void> | undefined;

  const heartbeat = async (now: Date) => {
    const due = [...running.values()].filter((run) => run.leaseUntil - now.getTime() < (leaseMs * 2) / 3);
    if (due.length === 0) return;
    const held = await extendLeases(
      db,
      due.map((run) => run.job),
      workerId,
      now,
      leaseMs,
    );
    for (const run of due) {
      if (held.has(run.job.id)) run.leaseUntil = now.getTime() + leaseMs;
      else if (!run.abort.signal.aborted) {
        run.abort.abort(new Error('lease lost'));
        report(new Error(`job ${run.job.name} #${run.job.id} lost its lease`), run.job);
      }
    }
  };

  const enqueueDuePeriodic = async (now: Date) => {
    for (const schedule of schedules) {
      const due = schedule.dueAt(now);
      if (!due || due.getTime() <= (seenDue.get(schedule.name) ?? -Infinity)) continue;
      await enqueueDue(db, schedule, due, now);
      seenDue.set(schedule.name, due.getTime());
    }
  };

  const execute = (job: ClaimedJob, now: Date) => {
    const abort = new AbortController();
    const done = (async () => {
      let failure: { error: unknown } | undefined;
      try {
        await handlers[job.name]!(job.payload, { db, job, clock, signal: abort.signal });
      } catch (error) {
        failure = { error };
      }
      try {
        if (failure) await markFailed(db, job, workerId, clock(), failure.error, backoff);
        else await markSucceeded(db, job, workerId, clock());
      } catch (error) {
        report(error, job); // its lease will run out and the job run again
      }
      if (failure) report(failure.error, job);
    })().finally(() => {
      running.delete(job.id);
      if (!stopping) void poll(); // a free slot: claim the next job without waiting for the timer
    });
    running.set(job.id, { job, leaseUntil: now.getTime() + leaseMs, abort, done });
  };

  const cycle = async () => {
    const now = clock();
    await heartbeat(now);
    if (stopping) return;
    if (options.tick) await options.tick(now).catch((error: unknown) => report(error));
    await enqueueDuePeriodic(now);
    const free = concurrency - running.size;
    if (free <= 0) return;
    // Not a job of its own still running here: its lease may have run out while the database was unreachable.
    const skip = [...running.keys()];
    for (const job of await claimJobs(db, { names, workerId, limit: free, now, leaseMs, skip })) execute(job, now);
  };

  const poll = (): Promise<void> => {
    if (pending) return pending;
    const next = chain.then(async () => {
      pending = undefined;
      if (!stopped) await cycle().catch((error: unknown) => report(error));
    });
    pending = chain = next;
    return next;
  };

  const loop = () => {
    void poll().then(() => {
      if (!stopped) timer = setTimeout(loop, pollMs);
    });
  };
  loop();

  const idle = async () => {
    for (;;) {
      await chain;
      if (running.size === 0 && !pending) return;
      await Promise.allSettled([...running.values()].map((run) => run.done));
    }
  };

  return {
    workerId,
    poll,
    idle,
    stop: async (timeoutMs = 30_000) => {
      stopping = true;
      await chain;
      let wait: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (wait = setTimeout(() => resolve('timeout'), timeoutMs)));
      const outcome = await Promise.race([Promise.allSettled([...running.values()].map((run) => run.done)), timedOut]);
      clearTimeout(wait);
      stopped = true;
      clearTimeout(timer);
      if (outcome === 'timeout') for (const run of running.values()) run.abort.abort(new Error('worker stopped'));
    },
  };
}
