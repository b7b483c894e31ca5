import type { ScenarioContext } from './api';

/** One timed request of the raw-data pages; `url` varies its parameters by run, as users would. */
export interface Scenario {
  name: string;
  /** The PostgreSQL p95 target (PGlite may take twice as long). */
  targetMs?: number;
  url: (run: number, context: ScenarioContext) => string;
  describe: (answer: Record<string, unknown>) => string;
}

const ROBOT_TYPES = ['UR5e', 'Franka FR3', 'AgileX Piper', 'Unitree G1', 'Realman RM65'];
const NAME_TERMS = ['UR5E-A012', 'G1-A03', '20260815', 'cloth-folding', '_0420.', 'drawer'];
const LABELS = ['Drop Error', 'Low Light', 'Clean Grasp', 'Object Too Small'];
const at = <T>(items: readonly T[], run: number) => items[run % items.length]!;
const query = (params: Record<string, string>) => `/data/bag/query?${new URLSearchParams({ pageNum: '1', pageSize: '20', ...params })}`;
const totalOf = (answer: Record<string, unknown>) =>
  `total ${Number(answer.total).toLocaleString('en')}${answer.totalCapped ? '+' : ''}, ${(answer.records as unknown[]).length} rows`;

export const SCENARIOS: Scenario[] = [
  { name: 'default list page + total', url: () => query({}), describe: totalOf },
  {
    name: 'filtered first page + total (status, quality, robot type, 30 days)',
    targetMs: 20,
    url: (run, { today, daysBefore }) =>
      query({
        bagStatus: 'good',
        qualityLabel: 'qualified',
        robotType: at(ROBOT_TYPES, run),
        'bagStartTime.from': `${daysBefore(today, 30 + (run % 7) * 30)}T00:00:00+08:00`,
        'bagStartTime.to': `${daysBefore(today, (run % 7) * 30)}T23:59:59+08:00`,
      }),
    describe: totalOf,
  },
  { name: `name substring search (${NAME_TERMS.join(', ')})`, targetMs: 150, url: (run) => query({ bagName: at(NAME_TERMS, run) }), describe: totalOf },
  { name: `label contains (${LABELS.join(', ')})`, url: (run) => query({ labelList: at(LABELS, run) }), describe: totalOf },
  {
    name: 'page 10,000 (keyset cursor from page 9,999)',
    targetMs: 10,
    url: (_run, { page10000Cursor }) => query({ pageNum: '10000', cursor: page10000Cursor }),
    describe: totalOf,
  },
  {
    name: 'raw-data dashboard, 90 days',
    targetMs: 50,
    url: (run, { today, daysBefore }) => `/data/bag/totals?from=${daysBefore(today, 89 + (run % 5) * 30)}&to=${daysBefore(today, (run % 5) * 30)}`,
    describe: (answer) => {
      const total = answer.total as { count: number };
      return `${total.count.toLocaleString('en')} bags over ${(answer.days as unknown[]).length} days`;
    },
  },
];
