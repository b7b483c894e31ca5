import { sleep } from '../runner/harness';
import { Recorder, summary } from './recorder';

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

/** The lists timed, as a person opening them would: a filtered page of the largest table, and the runs. */
const LISTS = {
  'raw data, filtered': '/data/bag/query?pageNum=1&pageSize=20&bagStatus=good&qualityLabel=qualified&robotType=UR5e',
  'task runs': '/taskFlow/instance/query?pageNum=1&pageSize=20',
};
/** One person's pace: a list, a pause of this long, the other list. */
const PAUSE_MS = 100;

export interface FairnessRow {
  list: string;
  neighbour: string;
  aloneP95: number;
  withP95: number;
  requests: number;
  did: string;
}

/** One person opening the lists, one after the other, until `stop` is set; each list's times in `recorder`. */
async function probe(origin: string, token: string, recorder: Recorder, stop: { now: boolean }) {
  const headers = { authorization: `Bearer ${token}` };
  while (!stop.now)
    for (const [name, route] of Object.entries(LISTS)) {
      await recorder.request(name, `${origin}/api/v1${route}`, { headers }).catch(() => undefined);
      await sleep(PAUSE_MS);
    }
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
    for (const window of windows)
      for (const list of Object.keys(LISTS)) {
        const samples = recorder.samples.get(list) ?? [];
        const during = summary(samples, window.from, window.to);
        rows.push({
          list,
          neighbour: `${neighbour.name}${window.label ? `: ${window.label}` : ''}`,
          aloneP95: summary(samples, alone.from, alone.to).p95,
          withP95: during.p95,
          requests: during.count,
          did,
        });
      }
  }
  return { rows, errors: [...recorder.errors].map(([kind, n]) => `${kind} ${n}`), firstErrors: recorder.firstErrors };
}
