import type { Db } from '../../db/tables';
import type { RunBell } from './run-bell';
import { appendLines, countLines } from './log-store';
import { metricsOf } from './metric-line';
import { reportMetrics, type MetricReport } from './metric-store';
import { progressOf } from './progress-line';
import type { LogLine, LogSink } from './runner';

export interface InstanceLogSink extends LogSink {
  /** Lines kept so far. */
  count(): number;
  /** Writes what is pending of the progress report. */
  close(): Promise<void>;
}

/** PostgreSQL text holds no NUL; a stray one in a binary's output must not lose the line. */
const clean = (line: LogLine): LogLine => (line.text.includes('\u0000') ? { ...line, text: line.text.replaceAll('\u0000', '\uFFFD') } : line);

/**
 * Where a run's output goes: numbered on from the lines already kept (a re-attached run continues
 * its log), stored in order, announced to the live streams of this process; metric lines are kept
 * as the run's metrics, numbered on from those kept (its calls back too: reportMetrics); progress lines are passed on (`report`, at most every
 * `progressEveryMs`, and the last one at close).
 */
export async function instanceLogSink(
  db: Db,
  instance: { id: number; tenantId: number },
  report: (percent: number) => Promise<void>,
  bell: RunBell,
  progressEveryMs = 500,
): Promise<InstanceLogSink> {
  let next = (await countLines(db, instance.id)) + 1;
  let reported: number | null = null;
  let latest: number | null = null;
  let lastReport = 0;
  // Metrics of lines already kept whose write failed (the database away): sent with the next write, so a
  // retried batch never keeps its lines twice.
  let unsent: MetricReport[] = [];
  const sendMetrics = async () => {
    if (unsent.length === 0) return;
    await reportMetrics(db, instance, unsent);
    unsent = [];
  };
  const flushProgress = async (force: boolean) => {
    if (latest === null || latest === reported || (!force && Date.now() - lastReport < progressEveryMs)) return;
    reported = latest;
    lastReport = Date.now();
    await report(latest);
  };
  return {
    count: () => next - 1,
    write: async (lines) => {
      if (lines.length === 0) return;
      await appendLines(db, instance.tenantId, instance.id, next, lines.map(clean));
      next += lines.length;
      bell.ring('printed', instance.id);
      for (const line of lines) {
        latest = progressOf(line.text) ?? latest;
        const metrics = metricsOf(line.text);
        if (metrics) unsent.push({ ...metrics, time: line.time });
      }
      await Promise.all([sendMetrics(), flushProgress(false)]).catch(() => {}); // kept for the next write or the close
    },
    close: async () => {
      await sendMetrics();
      await flushProgress(true);
    },
  };
}
