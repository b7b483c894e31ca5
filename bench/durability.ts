import { canTrace, measureCommits } from './durability/flush-calls';
import { freshSchema } from './fresh-schema';

/**
 * `npm run bench:durability`: what the embedded database does at a commit, and what flushing it would
 * cost. Commits per second and the flush calls its process makes in the kernel (counted with strace,
 * when installed): as shipped, started with fsync on, with its WAL flushed by us at each commit (what
 * PostgreSQL's fsync=on waits for), and on the PostgreSQL the tests use.
 */
const COMMITS = Number(process.env.COMMITS ?? 1000);

async function postgresCommits(): Promise<{ commitsPerSecond: number; fsyncSetting: string } | null> {
  const fresh = await freshSchema();
  if (!fresh) return null;
  const { admin, schema } = fresh;
  try {
    const fsyncSetting = (await admin.query('show fsync')).rows[0].fsync as string;
    await admin.query(`create table ${schema}.writes (id serial primary key, body text not null)`);
    const started = performance.now();
    for (let n = 0; n < COMMITS; n++) await admin.query(`insert into ${schema}.writes (body) values ($1)`, [`write ${n}`]);
    return { commitsPerSecond: COMMITS / ((performance.now() - started) / 1000), fsyncSetting };
  } finally {
    await fresh.drop();
  }
}

const traced = canTrace();
const rows = [
  ['embedded PGlite as shipped', measureCommits('shipped', COMMITS, traced)],
  ['embedded PGlite started with fsync on', measureCommits('fsync-on', COMMITS, traced)],
  ['embedded PGlite, its WAL flushed at each commit', measureCommits('flush-wal', COMMITS, traced)],
] as const;
const postgres = await postgresCommits();
console.log(`\n${COMMITS} single-row commits each${traced ? '' : ' (flush calls not counted: strace is not installed)'}`);
for (const [name, figures] of rows) {
  const flushes = figures.flushCalls === null ? '' : `   ${String(figures.flushCalls).padStart(5)} flush calls`;
  console.log(`  ${`${name} (fsync ${figures.fsyncSetting})`.padEnd(60)} ${figures.commitsPerSecond.toFixed(0).padStart(6)} commits/s${flushes}`);
}
console.log(
  postgres
    ? `  ${`PostgreSQL (fsync ${postgres.fsyncSetting})`.padEnd(60)} ${postgres.commitsPerSecond.toFixed(0).padStart(6)} commits/s`
    : '  PostgreSQL: skipped (none answers)',
);
