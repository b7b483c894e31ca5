import { finished, type Api } from '../../runner/harness';
import type { Neighbour } from '../fairness';

/**
 * A run printing `rate` lines a second for `seconds`, in slices of 10 ms (one write each, looped
 * until the pipe took it all: when the server falls behind, the pipe holds the writer back).
 */
const floodCode = (rate: number, seconds: number) => `import os, time
rate, seconds = ${rate}, ${seconds}
started = time.time()
sent = 0
while True:
    now = time.time() - started
    if now >= seconds:
        break
    due = min(int(now * rate) + rate // 100, int(seconds * rate), sent + 10000)
    if due > sent:
        data = memoryview("".join([f"line {i} step={i} loss={(i % 1000) / 1000:.3f} lr=0.0003\\n" for i in range(sent, due)]).encode())
        while data:
            data = data[os.write(1, data):]
        sent = due
    else:
        time.sleep(0.002)
`;

/** One person's run printing `rate` lines a second until the time is up, the server storing every line (its log page's source). */
export function logFlood(api: Api, task: (code: string) => Promise<number>, rate: number): Neighbour {
  return {
    name: `a run printing ${rate.toLocaleString('en')} lines/s`,
    prepare: async () => {},
    run: async (until) => {
      const seconds = Math.max(1, Math.round((until - Date.now()) / 1000));
      const taskId = await task(floodCode(rate, seconds));
      const from = Date.now();
      const { id } = (await api.post(`/taskFlow/task/${taskId}/run`)) as { id: number };
      const run = await finished(api, id, 1000, 30 * 60_000);
      const to = Date.now();
      if (run.status !== 'succeeded') throw new Error(`the printing run ended ${run.status}: ${run.failure ?? ''} ${run.failureDetail ?? ''}`);
      const lines = run.logLines ?? 0;
      const did = `${lines.toLocaleString('en')} lines printed for ${seconds} s, all stored ${((to - from) / 1000).toFixed(0)} s after the click (${Math.round(lines / ((to - from) / 1000)).toLocaleString('en')} lines/s)`;
      return { windows: [{ label: '', from, to }], did };
    },
  };
}
