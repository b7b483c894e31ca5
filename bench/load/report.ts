import type { FairnessRow } from './fairness';
import { summary } from './recorder';
import type { SteadyFigures } from './steady';

/** A table as the other benches print theirs: a header, a rule, the rows, each column as wide as its widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const KIND_ORDER = ['list', 'filter', 'record page', 'write', 'log tail', 'upload: start', 'upload: part', 'upload: complete', 'heartbeat'];

/** Requests per second, p50/p95/p99 and errors by kind of request, then all together; memory and CPU under it. */
export function steadyReport({ recorder, seconds, memory, serverCpu, ownCpu }: SteadyFigures): string {
  const kinds = [...new Set([...KIND_ORDER.filter((kind) => recorder.samples.has(kind) || recorder.errors.has(kind)), ...recorder.samples.keys()])];
  const row = (name: string, samples: { at: number; ms: number }[], errors: number) => {
    const figures = summary(samples);
    return [
      name,
      String(figures.count),
      (figures.count / seconds).toFixed(1),
      ms(figures.p50),
      ms(figures.p95),
      ms(figures.p99),
      ms(figures.max),
      String(errors),
    ];
  };
  const rows = kinds.map((kind) => row(kind, recorder.samples.get(kind) ?? [], recorder.errors.get(kind) ?? 0));
  const errors = [...recorder.errors.values()].reduce((sum, n) => sum + n, 0);
  rows.push(row('all', [...recorder.samples.values()].flat(), errors));
  const mib = (value: number) => `${value.toFixed(0)} MiB`;
  return [
    table(['kind of request', 'answered', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors (goal 0)'], rows),
    `server RSS: start ${mib(memory.rssStart)}, max ${mib(memory.rssMax)}, end ${mib(memory.rssEnd)} (${memory.samples} samples); V8 heap used: start ${mib(memory.heapStart)}, end ${mib(memory.heapEnd)}`,
    `CPU: server ${(serverCpu * 100).toFixed(0)} % of a core, load generator ${(ownCpu * 100).toFixed(0)} % (2 cores shared)`,
    ...recorder.firstErrors.map((text) => `  error: ${text}`),
  ].join('\n');
}

/** Each list's p95 alone and beside each neighbour, the ratio against the goal (≤ 3×), and what each neighbour did. */
export function fairnessReport({ rows, errors, firstErrors }: { rows: FairnessRow[]; errors: string[]; firstErrors: string[] }): string {
  const cells = rows.map((row) => {
    const ratio = row.withP95 / row.aloneP95;
    const verdict = row.list.includes('no database') ? '' : ratio <= 3 ? ' ✓' : ' ✗'; // the control has no goal
    return [row.neighbour, row.list, ms(row.aloneP95), ms(row.withP95), `${ratio.toFixed(1)}×${verdict}`, String(row.requests)];
  });
  const did = [...new Map(rows.map((row) => [row.neighbour.split(': ')[0]!, row.did]))].map(([name, text]) => `  ${name}: ${text}`);
  return [
    table(['heavy neighbour', 'timed', 'p95 alone ms', 'p95 beside ms', 'ratio (goal ≤ 3×)', 'requests'], cells),
    ...did,
    ...(errors.length ? [`  list errors: ${errors.join(', ')}`, ...firstErrors.map((text) => `  error: ${text}`)] : []),
  ].join('\n');
}
