import { StringDecoder } from 'node:string_decoder';
import type { LogLine, LogSink } from '../runner';

/** A longer line is kept in pieces of this size, as the local runner does. */
const MAX_LINE = 16 * 1024;
/** Lines handed to the sink at once. */
const BATCH = 5_000;

/** A kubelet timestamp (RFC3339 with up to nine fraction digits) as a Date and as nanoseconds, which order lines exactly. */
export function parseTimestamp(raw: string): { time: Date; ns: bigint } | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(raw);
  if (!match) return null;
  const [, wholeSeconds, digits = '', zone] = match;
  const seconds = Date.parse(`${wholeSeconds}${zone}`);
  if (Number.isNaN(seconds)) return null;
  const fraction = Number(digits.padEnd(9, '0'));
  return { time: new Date(seconds + Math.floor(fraction / 1e6)), ns: BigInt(seconds) * 1_000_000n + BigInt(fraction) };
}

/** The RFC3339 second a position falls in: the API's sinceTime (lines from that second on come back; the rest are skipped here). */
export const sinceSecond = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export interface CopiedLine extends LogLine {
  ns: bigint | null;
}

/**
 * Reads a `timestamps=true` log body into lines and gives them to the sink in order, a batch per
 * chunk read, waiting for each write before reading on (so a slow sink slows the stream, never drops).
 * A failing write is tried again a second later. `keep` skips lines already delivered.
 */
export async function copyLogLines(body: AsyncIterable<Buffer>, sink: LogSink, keep: (line: CopiedLine) => boolean, onLine: (line: CopiedLine) => void) {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const deliver = async (texts: string[]) => {
    const lines = texts.flatMap(toLines).filter(keep);
    for (let start = 0; start < lines.length; start += BATCH) {
      const batch = lines.slice(start, start + BATCH);
      await writeUntilKept(
        sink,
        batch.map(({ stream, time, text }) => ({ stream, time, text })),
      );
      batch.forEach(onLine);
    }
  };
  for await (const chunk of body) {
    const parts = (partial + decoder.write(chunk)).split('\n');
    partial = parts.pop()!;
    await deliver(parts);
  }
  partial += decoder.end();
  if (partial) await deliver([partial]);
}

/** One line of the body: `<timestamp> <text>`; Kubernetes merges stdout and stderr into one stream. */
function toLines(raw: string): CopiedLine[] {
  const space = raw.indexOf(' ');
  const stamp = parseTimestamp(space < 0 ? raw : raw.slice(0, space));
  const body = stamp ? (space < 0 ? '' : raw.slice(space + 1)) : raw;
  const text = body.endsWith('\r') ? body.slice(0, -1) : body;
  const time = stamp?.time ?? new Date();
  const pieces: CopiedLine[] = [];
  for (let start = 0; start < text.length || start === 0; start += MAX_LINE) {
    pieces.push({ stream: 'stdout', time, text: text.slice(start, start + MAX_LINE), ns: stamp?.ns ?? null });
  }
  return pieces;
}

async function writeUntilKept(sink: LogSink, lines: LogLine[]) {
  for (;;) {
    try {
      return await sink.write(lines);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
