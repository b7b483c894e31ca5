import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import type { LogLine, LogSink, LogStream } from '../runner';

/** A line longer than this is kept in pieces of it (a binary blob printed by mistake must not make one giant row). */
export const MAX_LINE = 16 * 1024;
/** Lines held before the process's pipes are paused: it then blocks on its next write, and nothing is lost. */
const HIGH_WATER = 20_000;
const BATCH = 10_000;

/**
 * Reads a process's stdout and stderr into lines, in the order they arrived, and hands them to the
 * sink a batch at a time, one write after another; `drained` settles once both pipes have ended
 * and every line was written. A failing write is tried again a second later: the lines wait.
 */
export function collectLines(sink: LogSink, pipes: Record<LogStream, Readable>, onLine: (line: LogLine) => void = () => {}) {
  const pending: LogLine[] = [];
  let writing = false;
  let open = 2;
  let settle: () => void = () => {};
  const drained = new Promise<void>((resolve) => (settle = resolve));
  const streams = Object.entries(pipes) as [LogStream, Readable][];

  const push = (stream: LogStream, text: string, time: Date) => {
    const clean = text.endsWith('\r') ? text.slice(0, -1) : text;
    for (let start = 0; start < clean.length || start === 0; start += MAX_LINE) {
      const line = { stream, time, text: clean.slice(start, start + MAX_LINE) };
      pending.push(line);
      onLine(line);
    }
  };
  const kick = () => {
    if (writing) return;
    if (pending.length === 0) {
      if (open === 0) settle();
      return;
    }
    writing = true;
    const batch = pending.splice(0, BATCH);
    sink.write(batch).then(
      () => {
        if (pending.length < HIGH_WATER / 2) for (const [, pipe] of streams) pipe.resume();
        // The next batch after pending I/O: a run printing as fast as it can must not hold the event loop.
        setImmediate(() => ((writing = false), kick()));
      },
      () => {
        pending.unshift(...batch);
        setTimeout(() => ((writing = false), kick()), 1000);
      },
    );
  };

  for (const [stream, pipe] of streams) {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    pipe.on('data', (chunk: Buffer) => {
      const time = new Date();
      const parts = (partial + decoder.write(chunk)).split('\n');
      partial = parts.pop()!;
      for (const text of parts) push(stream, text, time);
      while (partial.length > MAX_LINE) {
        push(stream, partial.slice(0, MAX_LINE), time);
        partial = partial.slice(MAX_LINE);
      }
      if (pending.length >= HIGH_WATER) for (const [, other] of streams) other.pause();
      kick();
    });
    pipe.on('close', () => {
      const rest = partial + decoder.end();
      if (rest) push(stream, rest, new Date());
      open -= 1;
      kick();
    });
  }
  return { drained };
}
