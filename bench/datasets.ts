/**
 * npm run bench:datasets — datasets at the scale of a busy lake, on embedded PGlite (the goals' database)
 * and on the PostgreSQL at TEST_DATABASE_URL when it answers (BENCH_DB=pglite or =postgres runs one).
 *
 * Loads BENCH_BAGS bags (default 1,000,000) into one space, then times through the real API:
 * - publishing a version of a raw dataset of BENCH_MEMBERS members (default 100,000; goal ≤ 2 s on PGlite);
 * - comparing it with a next version that removed, added and relabelled 1,000 each (goal ≤ 1 s);
 * - a logic dataset whose filter matches every bag resolved: created and counted, its first members
 *   page read (goal ≤ 3 s);
 * and LeRobot export throughput for a state-only dataset (goal ≥ 20,000 frames/s, peak memory ≤ 200 MB).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { seed } from '../server/db/seed';
import { loadBags } from './bag-load';
import { benchApp, benchSignIn, freshDatabase } from './fresh-database';

const TOTAL = Number(process.env.BENCH_BAGS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const CHANGED = 1_000;
const PASSWORD = 'Bench-Pass-2026';
const NOW = new Date('2026-11-22T08:00:00Z');

type Figure = { name: string; ms: number; goalMs: number; answer: string };

async function run(kind: 'pglite' | 'postgres'): Promise<Figure[] | null> {
  const fresh = await freshDatabase(kind);
  if (!fresh) return null;
  const { database, cleanup } = fresh;
  try {
    const { http: app, records } = await benchApp(database, NOW);
    await seed(records, { password: PASSWORD, demo: true }, NOW);
    const demo = await database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    await loadBags(database.db, [{ id: demo.id, share: 1 }], TOTAL, NOW, 365, (done) => {
      if (done % 100_000 < 5_000) process.stdout.write(`\r${kind}: loaded ${done.toLocaleString('en')} bags`);
    });
    await sql`vacuum analyze`.execute(database.db);
    console.log(`\r${kind}: loaded ${TOTAL.toLocaleString('en')} bags`);

    const headers = { authorization: `Bearer ${await benchSignIn(app, 'demo', 'rd', PASSWORD)}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const begin = performance.now();
      const response = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
      const ms = performance.now() - begin;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return { ms, data: response.json().data };
    };

    // A raw dataset curated by hand: its items written as the add-bags route would, in one statement.
    const raw = (await call('POST', '/data/dataset/create', { name: 'bench-raw', datasetType: 'raw', owner: 'rd' })).data;
    const items = (offset: number, count: number) => sql`
      insert into dataset_items (tenant_id, dataset_id, bag_id, note, created_by, updated_by, created_time, updated_time)
      select tenant_id, ${raw.id}, id, '', 'rd', 'rd', ${NOW}, ${NOW} from bags where tenant_id = ${demo.id} order by id offset ${offset} limit ${count}`;
    await items(0, MEMBERS).execute(database.db);
    const first = await call('POST', '/data/dataset-version/create', { datasetId: raw.id, version: '1.0.0' });

    await sql`delete from dataset_items where id in (select id from dataset_items where dataset_id = ${raw.id} order by id limit ${CHANGED})`.execute(
      database.db,
    );
    await items(MEMBERS, CHANGED).execute(database.db);
    await sql`update bags set quality_label = 'unqualified', quality_sub_label = 'Drop Error' where id in
      (select bag_id from dataset_items where dataset_id = ${raw.id} order by id desc offset ${CHANGED} limit ${CHANGED})`.execute(database.db);
    const second = await call('POST', '/data/dataset-version/create', { datasetId: raw.id, version: '1.1.0' });
    const diff = await call('GET', `/data/lake/dataset-version/diff?from=${first.data.id}&to=${second.data.id}&kind=changed&pageSize=20`);

    const logicBegin = performance.now();
    const logic = await call('POST', '/data/dataset/create', { name: 'bench-logic', datasetType: 'logic', owner: 'rd', filter: '{}' });
    const members = await call('GET', `/data/bag/query?pageSize=20`);
    const logicMs = performance.now() - logicBegin;
    await app.close();
    return [
      {
        name: `publish ${MEMBERS.toLocaleString('en')} members`,
        ms: first.ms,
        goalMs: 2000,
        answer: `hash ${String(first.data.contentHash).slice(0, 12)}…, ${first.data.bagCount} members`,
      },
      { name: `publish again (${CHANGED} out, in, relabelled)`, ms: second.ms, goalMs: 2000, answer: `${second.data.bagCount} members` },
      { name: 'diff two versions', ms: diff.ms, goalMs: 1000, answer: `+${diff.data.added} −${diff.data.removed} ~${diff.data.changed}` },
      {
        name: `logic dataset of ${TOTAL.toLocaleString('en')} resolved`,
        ms: logicMs,
        goalMs: 3000,
        answer: `${logic.data.rawDataCount} counted, page of ${members.data.records.length}`,
      },
    ];
  } finally {
    await database.close();
    await cleanup();
  }
}

function print(kind: string, figures: Figure[]) {
  console.log(`\n${kind} (${TOTAL.toLocaleString('en')} bags)`);
  for (const figure of figures)
    console.log(
      `  ${figure.name.padEnd(44)} ${figure.ms.toFixed(0).padStart(6)} ms   goal ≤ ${figure.goalMs} ${figure.ms <= figure.goalMs || kind !== 'pglite' ? '✓' : '✗'}   ${figure.answer}`,
    );
}

// The export first, in a process of its own: its peak memory is the export's, not a million loaded bags'.
const exported = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./lerobot-export.ts', import.meta.url))], { stdio: 'inherit' });
if (exported.status !== 0) console.log(`LeRobot export: failed (${exported.error?.message ?? `exit ${exported.status}`})`);

for (const kind of (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[]) {
  const figures = await run(kind);
  if (figures) print(kind, figures);
  else console.log(`\n${kind}: skipped (no PostgreSQL answers)`);
}
process.exit(0);
