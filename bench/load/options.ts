import path from 'node:path';
import { parseArgs } from 'node:util';

export const NEIGHBOURS = ['csv', 'upload', 'log', 'lerobot'] as const;
export type NeighbourName = (typeof NEIGHBOURS)[number];
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The command line of `npm run bench:load`. `--quick` shrinks every default (one minute of mix,
 * smaller neighbours) so a development run takes minutes; a value given on the line always wins.
 */
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    database: { type: 'string', default: 'both' },
    people: { type: 'string', default: '50' },
    robots: { type: 'string', default: '200' },
    'think-ms': { type: 'string', default: '3000' },
    bags: { type: 'string' },
    'phase-seconds': { type: 'string' },
    'upload-mib': { type: 'string' },
    'log-rate': { type: 'string', default: '100000' },
    'lerobot-frames': { type: 'string' },
    neighbours: { type: 'string', default: NEIGHBOURS.join(',') },
    soak: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'cpu-profile': { type: 'string' },
  },
});

function count(name: keyof typeof args, fallback: { normal: number; quick: number; soak?: number }): number {
  const given = args[name];
  const value = given === undefined ? (args.soak && fallback.soak) || (args.quick ? fallback.quick : fallback.normal) : Number(given);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0, got ${String(given)}`);
  return value;
}

const neighbours = args.neighbours!.split(',').filter(Boolean);
for (const name of neighbours) if (!NEIGHBOURS.includes(name as NeighbourName)) throw new Error(`--neighbours: ${name} is none of ${NEIGHBOURS.join(', ')}`);
if (!['pglite', 'postgres', 'both'].includes(args.database!)) throw new Error(`--database must be pglite, postgres or both, got ${args.database}`);

export const OPTIONS = {
  minutes: count('minutes', { normal: 5, quick: 1, soak: 60 }),
  databases: (args.database === 'both' ? ['pglite', 'postgres'] : [args.database]) as DatabaseKind[],
  people: count('people', { normal: 50, quick: 50 }),
  robots: count('robots', { normal: 200, quick: 200 }),
  /** A person's mean pause between two actions (each pause drawn between half and one and a half of it). */
  thinkMs: count('think-ms', { normal: 3000, quick: 3000 }),
  /** Bags in the space besides the demo's: what the lists page through and the CSV export reads (up to its cap). */
  bags: count('bags', { normal: 200_000, quick: 60_000 }),
  /** How long the list is timed alone, and at least how long with each neighbour. */
  phaseSeconds: count('phase-seconds', { normal: 60, quick: 20 }),
  uploadMib: count('upload-mib', { normal: 1024, quick: 256 }),
  logRate: count('log-rate', { normal: 100_000, quick: 100_000 }),
  lerobotFrames: count('lerobot-frames', { normal: 100_000, quick: 20_000 }),
  neighbours: neighbours as NeighbourName[],
  cpuProfileDir: args['cpu-profile'] ? path.resolve(args['cpu-profile']) : undefined,
};
export type Options = typeof OPTIONS;
