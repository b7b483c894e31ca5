export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Runs a bench on each database BENCH_DB names (default both) and prints each figure's line under
 * the database's name; a database that does not answer (no PostgreSQL here) is said to be skipped.
 */
export async function eachDatabase<F>(run: (kind: DatabaseKind) => Promise<F[] | null>, line: (figure: F, kind: DatabaseKind) => string): Promise<void> {
  for (const kind of (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
    const figures = await run(kind);
    if (!figures) {
      console.log(`\n${kind}: skipped (no PostgreSQL answers)`);
      continue;
    }
    console.log(`\n${kind}`);
    for (const figure of figures) console.log(line(figure, kind));
  }
}

/** A figure a bench measured, against its goal. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal: string;
  met: boolean;
  /** What the value stands for (how many, of what). */
  answer: string;
}

/** A figure's printed line: its name, value and unit, its goal met (✓) or not (✗), and what it stands for. */
export const figureLine = (figure: Figure) =>
  `  ${figure.name.padEnd(52)} ${figure.value.toFixed(1).padStart(8)} ${figure.unit}   goal ${figure.goal} ${figure.met ? '✓' : '✗'}   ${figure.answer}`;
