import { finished, percentile, type Api } from './harness';

/** The task's first statement reads the wall clock: when its interpreter got to run the task's code. */
export const CLICK_CODE = 'import time; started = time.time()\nprint(repr(started))\n';

export interface ClickFigures {
  runs: number;
  /** Request sent → the process's first statement (its own time.time()). */
  firstStatement: number[];
  /** Request sent → the instance's startTime (written just before the runner spawns it). */
  startTime: number[];
  /** Request sent → the first line read from the process's pipe by the server (the stored line's time). */
  lineRead: number[];
  /** Request sent → the run request's answer. */
  answered: number[];
}

/**
 * Run clicks one after another (each waits for the run to end, so nothing queues), as the console's
 * Run button sends them: POST …/task/{id}/run. `warmup` more come first and are not counted.
 */
export async function runClicks(api: Api, taskId: number, runs: number, warmup = 2): Promise<ClickFigures> {
  const figures: ClickFigures = { runs, firstStatement: [], startTime: [], lineRead: [], answered: [] };
  for (let index = 0; index < warmup + runs; index++) {
    const sent = Date.now();
    const { id } = (await api.post(`/taskFlow/task/${taskId}/run`)) as { id: number };
    const answered = Date.now();
    const row = await finished(api, id, 50, 30_000);
    if (row.status !== 'succeeded') throw new Error(`click run ${id} ended ${row.status}: ${row.failure ?? ''} ${row.failureDetail ?? ''}`);
    const { lines } = (await api.get(`/taskFlow/instance/${id}/logs?limit=5`)) as { lines: { seq: number; time: string; text: string }[] };
    const first = lines.find((line) => line.seq === 1);
    if (!first || !/^\d+\.\d+$/.test(first.text)) throw new Error(`click run ${id} printed ${JSON.stringify(lines)}`);
    if (index < warmup) continue;
    figures.firstStatement.push(Number(first.text) * 1000 - sent);
    figures.startTime.push(Date.parse(row.startTime!) - sent);
    figures.lineRead.push(Date.parse(first.time) - sent);
    figures.answered.push(answered - sent);
  }
  return figures;
}

export const p50p95 = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) });
