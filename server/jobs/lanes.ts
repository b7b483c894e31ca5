import type { Clock } from '../clock';
import type { Db } from '../db/tables';
import type { JobLane } from '../engine/module';
import type { ClaimedJob } from './claim';
import { startWorker, type Worker } from './worker';

export interface LaneWorkers {
  workers: Worker[];
  /** Each lane's own ending first (a runs lane stops the runs it holds), then its worker, waiting for its handlers to settle. */
  stop(): Promise<void>;
}

/** A worker per lane, woken by its module when work was queued in this process. */
export function startLanes(
  db: Db,
  lanes: JobLane[],
  options: { clock: Clock; leaseMs?: number; onError?: (error: unknown, job?: ClaimedJob) => void },
): LaneWorkers {
  const started = lanes.map((lane) => {
    const leaseMs = lane.leaseMs ?? options.leaseMs ?? 60_000;
    const worker = startWorker({
      db,
      handlers: lane.handlers,
      concurrency: lane.concurrency,
      pollMs: Math.min(lane.pollMs, Math.floor(leaseMs / 3)),
      leaseMs,
      clock: options.clock,
      ...(lane.tick ? { tick: lane.tick } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    });
    lane.onStart?.(worker.workerId);
    const unwake = lane.wake?.(() => void worker.poll()) ?? (() => {});
    return { lane, worker, unwake };
  });
  return {
    workers: started.map(({ worker }) => worker),
    stop: async () => {
      await Promise.all(
        started.map(async ({ lane, worker, unwake }) => {
          unwake();
          await lane.stop?.();
          await worker.stop();
        }),
      );
    },
  };
}
