import { sleep } from '../runner/harness';
import { HttpError, Recorder, summary } from './recorder';

/** A stretch of time a neighbour was busy with one thing (sending, checking, exporting). */
export interface Window {
  label: string;
  from: number;
  to: number;
}

/** A heavy neighbour: one person's big job that shares the server with everybody's lists. */
export interface Neighbour {
  name: string;
  /** What it needs made first (files written, data uploaded), before the list is timed alone, so making it weighs on no figure. */
  prepare: () => Promise<void>;
  /** Its job, started again while `until` has not come; the windows it was busy, and what it did. */
  run: (until: number) => Promise<{ windows: Window[]; did: string }>;
}

/**
 * What is timed, as a person opening it would: a filtered page of the largest table, the runs; and,
 * to tell a blocked event loop from a busy database, the console's page, which asks no database.
 */
const TIMED = {
  'raw data, filtered': '/api/v1/data/bag/query?pageNum=1&pageSize=20&bagStatus=good&qualityLabel=qualified&robotType=UR5e',
  'task runs': '/api/v1/taskFlow/instance/query?pageNum=1&pageSize=20',
  'console page (no database)': '/app/',
};
/** The pause between two openings of the same page: three pages, about ten requests a second in all. */
const PAUSE_MS = 300;

export interface FairnessRow {
  list: string;
  neighbour: string;
  aloneP95: number;
  withP95: number;
  requests: number;
  did: string;
}

/**
 * One person with a tab per page, each opened again PAUSE_MS after its last answer, until `stop` is
 * set; the times in `recorder`. A page held up holds up no other: each has its own times beside a neighbour.
 */
async function probe(origin: string, token: string, recorder: Recorder, stop: { now: boolean }) {
  const headers = { authorization: `Bearer ${token}` };
  const open = (name: string, url: string) =>
    url.includes('/api/')
      ? recorder.request(name, url, { headers })
      : recorder.measure(name, async (signal) => {
          const response = await fetch(url, { signal });
          const text = await response.text();
          if (!response.ok) throw new HttpError(response.status, text);
        });
  await Promise.all(
    Object.entries(TIMED).map(async ([name, route], index) => {
      await sleep((index * PAUSE_MS) / 3);
      while (!stop.now) {
        await open(name, `${origin}${route}`).catch(() => undefined);
        await sleep(PAUSE_MS);
      }
    }),
  );
}

/**
 * Each list's p95 with nothing else running for `seconds`, then while each neighbour runs (at least
 * `seconds`, its whole job). `around` brackets each neighbour's run (a CPU profile of the server).
 */
export async function fairness(origin: string, token: string, neighbours: Neighbour[], seconds: number, around?: (name: string) => () => Promise<void>) {
  const recorder = new Recorder();
  const rows: FairnessRow[] = [];
  for (const neighbour of neighbours) await neighbour.prepare();
  const stop = { now: false };
  const alone = { from: Date.now(), to: Date.now() + seconds * 1000 };
  const probing = probe(origin, token, recorder, stop);
  await sleep(seconds * 1000);
  stop.now = true;
  await probing;
  for (const neighbour of neighbours) {
    const running = { now: false };
    const busy = probe(origin, token, recorder, running);
    const done = around?.(neighbour.name);
    const { windows, did } = await neighbour.run(Date.now() + seconds * 1000);
    running.now = true;
    await busy;
    await done?.();
    // A job done again (an upload after another) is busy with the same thing in several windows: one row for them all.
    for (const label of new Set(windows.map((window) => window.label)))
      for (const list of Object.keys(TIMED)) {
        const samples = recorder.samples.get(list) ?? [];
        const during = summary(
          samples,
          windows.filter((window) => window.label === label),
        );
        rows.push({
          list,
          neighbour: `${neighbour.name}${label ? `: ${label}` : ''}`,
          aloneP95: summary(samples, [alone]).p95,
          withP95: during.p95,
          requests: during.count,
          did,
        });
      }
  }
  return { rows, errors: [...recorder.errors].map(([kind, n]) => `${kind} ${n}`), firstErrors: recorder.firstErrors };
}
