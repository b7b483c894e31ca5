/**
 * npm run bench:robots — the fleet at scale, on embedded PGlite and on the PostgreSQL at
 * TEST_DATABASE_URL when it answers (BENCH_DB=pglite or =postgres runs one).
 *
 * - Heartbeats ingested per second through the real API, 20 topics each, from BENCH_REPORTERS robots
 *   (default 1,000) reporting on their own, 200 awaiting answers at any moment (goal ≥ 500/s on PGlite,
 *   ≥ 2,000/s on PostgreSQL).
 * - For BENCH_ROBOTS robots (default 10,000) × 20 topics online: how long after a topic goes silent its
 *   alarm record exists, beyond the rule's own window (goal p95 ≤ 10 s). The fleet's heartbeats are
 *   written in bulk between the engine's looks (what ingestion keeps up with is the first figure); the
 *   engine's looks run for real, each at its due time, and a look's own duration adds to the delay.
 */
import { sql } from 'kysely';
import { HEARTBEAT_INTERVAL_SECONDS, EVALUATE_EVERY_SECONDS } from '../model/schemas/robot-report';
import { seed } from '../server/db/seed';
import { evaluate } from '../server/modules/robots/evaluate';
import { eachDatabase, figureLine, type Figure } from './each-database';
import { benchApp, benchSignIn, freshDatabase } from './fresh-database';
import { fleet, keyIdOf, ROBOT_SECRET, snOf } from './robot-fleet';

const REPORTERS = Number(process.env.BENCH_REPORTERS ?? 1000);
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 10_000);
const TOPICS = Array.from({ length: 20 }, (_, i) => `/topic_${String(i).padStart(2, '0')}`);
const SILENCED = 200;
/** Heartbeats waiting for their answers at any moment: robots report on their own clocks, not in step. */
const IN_FLIGHT = 200;
const WINDOW_SECONDS = 10;
const PASSWORD = 'Bench-Pass-2026';
const START = new Date('2026-11-22T08:00:00Z');

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
async function run(kind: 'pglite' | 'postgres'): Promise<Figure[] | null> {
  const fresh = await freshDatabase(kind);
  if (!fresh) return null;
  const { database, cleanup } = fresh;
  const db = database.db;
  try {
    let now = START;
    const { http: app, records } = await benchApp(database, START, () => now);
    await seed(records, { password: PASSWORD, demo: true }, START);
    await benchSignIn(app, 'demo', 'rd', PASSWORD);
    const space = await db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();

    // Heartbeats through the API as the fleet sends them: each robot on its own, IN_FLIGHT of them
    // waiting for an answer at any moment, every robot once a round.
    const reporters = await fleet(db, space.id, REPORTERS, START);
    const topics = TOPICS.map((name, i) => ({ name, messages: (i + 1) * 50 }));
    const send = async (n: number) => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/device/report/heartbeat',
        headers: { authorization: `Bearer ${keyIdOf(n + 1)}.${ROBOT_SECRET}` },
        payload: { sn: snOf(n + 1), uptimeSeconds: 60, topics },
      });
      if (reply.statusCode !== 200) throw new Error(`heartbeat: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
    };
    const rounds = kind === 'pglite' ? 3 : 6;
    const begin = performance.now();
    let sent = 0;
    for (let round = 0; round < rounds; round++) {
      now = new Date(START.getTime() + (round + 1) * HEARTBEAT_INTERVAL_SECONDS * 1000);
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < reporters.length) {
            await send(next++);
            sent += 1;
          }
        }),
      );
    }
    const perSecond = sent / ((performance.now() - begin) / 1000);
    await sql`delete from robot_keys`.execute(db);
    await sql`delete from robot_reports`.execute(db);
    await sql`delete from robot_minutes`.execute(db);
    await sql`delete from robots`.execute(db);

    // The fleet for the alarm delay: every robot online with every topic fine, and rules on five topics.
    now = START;
    const robots = await fleet(db, space.id, ROBOTS, now);
    const fresh = (at: Date) => JSON.stringify(Object.fromEntries(TOPICS.map((topic) => [topic, { rate: 100, last: at.toISOString() }])));
    await sql`
      insert into robot_reports (tenant_id, robot_id, topics, reported_time)
      select ${space.id}, r, ${fresh(now)}::jsonb, ${now} from unnest(${robots}::bigint[]) as r`.execute(db);
    for (const topic of TOPICS.slice(0, 5))
      await sql`
        insert into alarm_rules (tenant_id, name, applies_to, robot_type, robot_sns, lost_topic, frame_rate, loss_count, loss_window, cooldown, receivers, webhook_url,
          webhook_secret, description, created_by, updated_by, created_time, updated_time)
        values (${space.id}, ${`bench ${topic}`}, 'all', '', '{}', ${topic}, 50, 1, ${WINDOW_SECONDS}, 300, '{rd}', '', '', '', 'bench', 'bench', ${now}, ${now})`.execute(
        db,
      );
    await sql`analyze`.execute(db);

    // SILENCED robots stop publishing /topic_03 at moments spread over one heartbeat interval.
    const silenced = robots.slice(0, SILENCED);
    const silentFrom = new Map(silenced.map((id, i) => [id, START.getTime() + 30_000 + Math.floor((i / SILENCED) * HEARTBEAT_INTERVAL_SECONDS * 1000)]));
    const silentAt = new Map(silentFrom);
    const delays: number[] = [];
    const looks: number[] = [];
    for (let step = 1; delays.length < SILENCED && step < 60; step++) {
      now = new Date(START.getTime() + step * EVALUATE_EVERY_SECONDS * 1000);
      // What the fleet's heartbeats wrote since the last look: every robot seen, every topic fresh but the silenced ones'.
      await sql`update robots set last_seen_time = ${now} where tenant_id = ${space.id}`.execute(db);
      await sql`update robot_reports set reported_time = ${now}, topics = ${fresh(now)}::jsonb where tenant_id = ${space.id}`.execute(db);
      await sql`
        update robot_reports p set topics = jsonb_set(p.topics, '{/topic_03,last}', to_jsonb(least(given.at, ${now}::timestamptz)))
        from unnest(${silenced}::bigint[], ${silenced.map((id) => new Date(silentFrom.get(id)!))}::timestamptz[]) as given(id, at)
        where p.robot_id = given.id`.execute(db);
      const before = performance.now();
      await evaluate(records, now);
      const took = performance.now() - before;
      looks.push(took);
      const { rows } = await sql<{ robotId: number }>`select robot_id from alarm_records where topic = '/topic_03' and kind = 'missing'`.execute(db);
      for (const row of rows.filter((alarm) => silentAt.has(Number(alarm.robotId)))) {
        const id = Number(row.robotId);
        delays.push((now.getTime() - silentAt.get(id)! - WINDOW_SECONDS * 1000 + took) / 1000);
        silentAt.delete(id);
      }
    }
    const { rows: others } = await sql<{ n: number }>`select count(*)::int as n from alarm_records where topic <> '/topic_03' or kind <> 'missing'`.execute(db);
    await app.close();
    return [
      {
        name: `heartbeats ingested (${REPORTERS.toLocaleString('en')} robots × 20 topics)`,
        value: perSecond,
        unit: '/s',
        goal: kind === 'pglite' ? '≥ 500' : '≥ 2000',
        met: perSecond >= (kind === 'pglite' ? 500 : 2000),
        answer: `${sent.toLocaleString('en')} heartbeats`,
      },
      {
        name: `silent topic → alarm, beyond the window (p95)`,
        value: percentile(delays, 95),
        unit: 's',
        goal: '≤ 10',
        met: delays.length === SILENCED && percentile(delays, 95) <= 10,
        answer: `${delays.length}/${SILENCED} alarms, ${others[0]!.n} others; ${ROBOTS.toLocaleString('en')} robots × 20 topics, 5 rules; a look p50 ${percentile(looks, 50).toFixed(0)} ms, max ${Math.max(...looks).toFixed(0)} ms`,
      },
    ];
  } finally {
    await database.close();
    await cleanup();
  }
}

await eachDatabase(run, figureLine);
process.exit(0);
