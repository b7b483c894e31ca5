/**
 * npm run bench:tickets — labelling work at the scale of a busy team, on embedded PGlite (the goals'
 * database) and on the PostgreSQL at TEST_DATABASE_URL when it answers (BENCH_DB=pglite or =postgres runs one).
 *
 * Through the real API, over a version of BENCH_ITEMS recordings (default 10,000) and a team of 50:
 * - a ticket made from the version and handed out round robin, 10 items to a job (goal ≤ 2 s on PGlite);
 * - its statistic tab once every job has a history of moves (goal ≤ 200 ms server time);
 * - claims by 20 members at once on a claim ticket (goal: p95 ≤ 100 ms, no job claimed twice).
 */
import { sql } from 'kysely';
import { sha256Hex } from '../server/auth/cipher';
import { hashDigest } from '../server/auth/password-hash';
import { seed } from '../server/db/seed';
import { systemActor } from '../server/engine/actor';
import { createAccount } from '../server/modules/accounts/accounts';
import { loadBags } from './bag-load';
import { eachDatabase } from './each-database';
import { benchApp, benchSignIn, freshDatabase } from './fresh-database';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const MEMBERS = 50;
const CLAIMERS = 20;
const CLAIMS_EACH = 10;
const PASSWORD = 'Bench-Pass-2026';
const NOW = new Date('2026-11-22T08:00:00Z');

type Figure = { name: string; value: number; unit: string; goal: number; answer: string };

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function run(kind: 'pglite' | 'postgres'): Promise<Figure[] | null> {
  const fresh = await freshDatabase(kind);
  if (!fresh) return null;
  const { database, cleanup } = fresh;
  try {
    const { http: app, records } = await benchApp(database, NOW);
    await seed(records, { password: PASSWORD, demo: true }, NOW);
    const space = await database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    await loadBags(database.db, [{ id: space.id, share: 1 }], ITEMS, NOW, 30, () => {});
    const members = Array.from({ length: MEMBERS }, (_, index) => `annotator${String(index + 1).padStart(2, '0')}`);
    const passwordHash = await hashDigest(sha256Hex(PASSWORD));
    for (const code of members.slice(0, CLAIMERS))
      await createAccount(records, systemActor(space.id), { code, name: code, role: 'tele_operator', passwordHash, mustChangePassword: false });
    await sql`vacuum analyze`.execute(database.db);

    const tokenOf = async (code: string) => ({ authorization: `Bearer ${await benchSignIn(app, 'demo', code, PASSWORD)}` });
    const rd = await tokenOf('rd');
    const call = async (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) => {
      const begin = performance.now();
      const response = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
      const ms = performance.now() - begin;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return { ms, data: response.json().data };
    };

    // The version: every bag of the space, curated and published through the API.
    const dataset = (await call(rd, 'POST', '/data/dataset/create', { name: 'bench-labelling', datasetType: 'raw', owner: 'rd' })).data;
    await sql`insert into dataset_items (tenant_id, dataset_id, bag_id, note, created_by, updated_by, created_time, updated_time)
      select tenant_id, ${dataset.id}, id, '', 'rd', 'rd', ${NOW}, ${NOW} from bags where tenant_id = ${space.id} order by id desc limit ${ITEMS}`.execute(
      database.db,
    );
    const version = (await call(rd, 'POST', '/data/dataset-version/create', { datasetId: dataset.id, version: '1.0.0' })).data;
    const team = (await call(rd, 'POST', '/data/ticket-team/create', { name: 'bench-team', managers: ['rd'], members })).data;
    const ticket = (base: object) =>
      call(rd, 'POST', '/data/ticket/create', { ticketType: 'label', batch: 'b1', versionId: version.id, teamId: team.id, jobSize: 10, ...base });

    const made = await ticket({ name: 'bench round robin' });

    // Every job moved as a team would have: started, submitted, a tenth rejected once and worked again, accepted.
    await sql`
      insert into ticket_job_events (tenant_id, ticket_id, job_id, action, from_state, to_state, assignee, item_count, created_by, updated_by, created_time, updated_time)
      select j.tenant_id, j.ticket_id, j.id, m.action, m.from_state, m.to_state, j.assignee, j.item_count, j.assignee, j.assignee,
        ${NOW}::timestamptz - interval '20 days' + (j.number * interval '7 minutes') + (m.step * interval '25 minutes'),
        ${NOW}::timestamptz - interval '20 days' + (j.number * interval '7 minutes') + (m.step * interval '25 minutes')
      from ticket_jobs j
      cross join (values (0, 'start', 'new', 'in_progress'), (1, 'submit', 'in_progress', 'submitted'), (2, 'reject', 'submitted', 'rejected'),
        (3, 'rework', 'rejected', 'in_progress'), (4, 'submit', 'in_progress', 'submitted'), (5, 'accept', 'submitted', 'done')) as m(step, action, from_state, to_state)
      where j.ticket_id = ${made.data.id} and (m.step not in (2, 3, 4) or j.number % 10 = 0)`.execute(database.db);
    await sql`update ticket_jobs set state = 'done', stage = 'accepted', rejections = case when number % 10 = 0 then 1 else 0 end
      where ticket_id = ${made.data.id} and number % 4 <> 0`.execute(database.db);
    await call(rd, 'GET', `/data/ticket/${made.data.id}/statistics`); // warm: the first read plans the statements
    const stats = await call(rd, 'GET', `/data/ticket/${made.data.id}/statistics`);

    // Claims: twenty members at once, ten each, on a ticket nobody holds a job of.
    const claimTicket = (await ticket({ name: 'bench claims', distribution: 'claim' })).data;
    const claimers = await Promise.all(members.slice(0, CLAIMERS).map(tokenOf));
    const latencies: number[] = [];
    const claimed: number[] = [];
    await Promise.all(
      claimers.map(async (headers) => {
        for (let index = 0; index < CLAIMS_EACH; index += 1) {
          const reply = await call(headers, 'POST', `/data/ticket/${claimTicket.id}/claim`, {});
          latencies.push(reply.ms);
          claimed.push(reply.data.id);
        }
      }),
    );
    const twice = claimed.length - new Set(claimed).size;
    const { rows } = await sql<{ n: string }>`select count(*) as n from ticket_jobs where ticket_id = ${claimTicket.id} and assignee <> ''`.execute(
      database.db,
    );
    await app.close();
    return [
      {
        name: `create + distribute ${ITEMS.toLocaleString('en')} items`,
        value: made.ms,
        unit: 'ms',
        goal: 2000,
        answer: `${made.data.jobCount} jobs over ${MEMBERS} members`,
      },
      {
        name: `statistic tab (${ITEMS.toLocaleString('en')} items, ${MEMBERS} members)`,
        value: stats.ms,
        unit: 'ms',
        goal: 200,
        answer: `${stats.data.members.length} members, ${stats.data.total.itemsDone} items accepted`,
      },
      {
        name: `claim p95 (${CLAIMERS} at once × ${CLAIMS_EACH})`,
        value: percentile(latencies, 95),
        unit: 'ms',
        goal: 100,
        answer: `${claimed.length} claims, ${twice} twice, ${rows[0]!.n} jobs held; median ${percentile(latencies, 50).toFixed(0)} ms`,
      },
    ];
  } finally {
    await database.close();
    await cleanup();
  }
}

await eachDatabase(
  run,
  (figure, kind) =>
    `  ${figure.name.padEnd(46)} ${figure.value.toFixed(0).padStart(6)} ${figure.unit}   goal ≤ ${figure.goal} ${figure.value <= figure.goal || kind !== 'pglite' ? '✓' : '✗'}   ${figure.answer}`,
);
process.exit(0);
