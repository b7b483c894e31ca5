import type { LogEntry } from '../../../../../src/screens/pages/instances/log-api';

/** Lines `from`..`to` of a log, as the server gives them. */
export const entries = (from: number, to: number, stream: LogEntry['stream'] = 'stdout'): LogEntry[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({
    seq: from + i,
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, from + i)).toISOString(),
    stream,
    text: `line ${from + i}`,
  }));
