import { finished, sleep, type Api } from './harness';

/**
 * A writer as fast as Python goes: line 1 is its start time (its first statement's clock), lines
 * 2…N-1 `line <i> …` in blocks of 5,000 (one write each, looped until the pipe took it all), line
 * N `line <N> end <its clock>`.
 */
export const ingestCode = (lines: number) => `import os, time
started = time.time()
N = ${lines}
def put(text):
    data = memoryview(text.encode())
    while data:
        data = data[os.write(1, data):]
put(f"start {started!r}\\n")
for base in range(2, N, 5000):
    put("".join([f"line {i} step={i} loss={(i % 1000) / 1000:.3f} lr=0.0003\\n" for i in range(base, min(base + 5000, N))]))
put(f"line {N} end {time.time()!r}\\n")
`;

export interface IngestFigures {
  lines: number;
  /** The process's first statement → the instance's endTime (written once every line was stored). */
  ms: number;
  /** The process's first statement → its last write (blocked while the server was behind). */
  writerMs: number;
  status: string;
  logLines: number | null;
  total: number;
  lastSeq: number;
  /** The whole log downloaded: lines in order, each the one written at its place. */
  downloaded: number;
  mismatches: number;
  firstMismatch?: string;
  instanceId: number;
}

/** Runs the writer and waits for its end; then reads the log back (its total, its last lines, the whole download) to see nothing was lost. */
export async function logIngest(api: Api, taskId: number, lines: number, onProgress: (text: string) => void): Promise<IngestFigures> {
  const { id } = (await api.post(`/taskFlow/task/${taskId}/run`)) as { id: number };
  let done = false;
  const progress = (async () => {
    for (let last = 0; !done;) {
      await sleep(5000);
      if (done) break;
      const { total } = (await api.get(`/taskFlow/instance/${id}/logs?limit=1`)) as { total: number };
      onProgress(`  … ${total.toLocaleString('en')} lines stored (+${((total - last) / 5).toFixed(0)}/s)`);
      last = total;
    }
  })();
  const row = await finished(api, id, 200, 30 * 60_000).finally(() => (done = true));
  await progress;
  const tail = (await api.get(`/taskFlow/instance/${id}/logs?limit=2`)) as { lines: { seq: number; text: string }[]; total: number };
  const head = (await api.get(`/taskFlow/instance/${id}/logs?before=2&limit=1`)) as { lines: { seq: number; text: string }[] };
  const started = Number(/^start (\d+\.\d+)$/.exec(head.lines[0]?.text ?? '')?.[1]) * 1000;
  const last = tail.lines[tail.lines.length - 1];
  const ended = Number(new RegExp(`^line ${lines} end (\\d+\\.\\d+)$`).exec(last?.text ?? '')?.[1]) * 1000;
  const check = await downloadCheck(api, id, lines);
  return {
    lines,
    ms: Date.parse(row.endTime!) - started,
    writerMs: ended - started,
    status: row.status,
    logLines: row.logLines,
    total: tail.total,
    lastSeq: last?.seq ?? 0,
    ...check,
    instanceId: id,
  };
}

/** The log as its download link gives it (`<time> <stream> <text>` a line): line i must be the writer's i-th. */
async function downloadCheck(api: Api, id: number, lines: number) {
  const { url } = (await api.get(`/taskFlow/instance/${id}/logs/download-url`)) as { url: string };
  const response = await fetch(`${api.origin}${url}`);
  if (!response.ok || !response.body) throw new Error(`download of instance ${id}: ${response.status}`);
  const decoder = new TextDecoder();
  let partial = '';
  let downloaded = 0;
  let mismatches = 0;
  let firstMismatch: string | undefined;
  const look = (entry: string) => {
    downloaded += 1;
    const text = entry.split(' ').slice(2).join(' ');
    const expected = downloaded === 1 ? 'start ' : `line ${downloaded} `;
    if (!text.startsWith(expected) || (downloaded === lines) !== text.startsWith(`line ${lines} end `)) {
      mismatches += 1;
      firstMismatch ??= `line ${downloaded}: ${entry.slice(0, 120)}`;
    }
  };
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    const parts = (partial + decoder.decode(chunk, { stream: true })).split('\n');
    partial = parts.pop()!;
    for (const entry of parts) look(entry);
  }
  if (partial) look(partial);
  return { downloaded, mismatches, ...(firstMismatch ? { firstMismatch } : {}) };
}
