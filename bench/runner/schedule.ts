import type pg from 'pg';
import { load1, sleep, type BenchServer } from './harness';

const MINUTE = 60_000;
/** After its tasks are written, how long before the first due time counted: every process has read the tasks again (every 5 s). */
const SETTLE_MS = 8000;

export interface ScheduleFigures {
  tasks: number;
  minutes: number;
  window: { from: Date; to: Date };
  expected: number;
  fired: number;
  /** Due (task, minute) pairs with no fire that queued an instance. */
  misses: number;
  /** Fire rows beyond one per (task, due time), and scheduled instances of the tasks no fire accounts for. */
  duplicates: number;
  /** task_fires.fired_time − due_time. */
  fireDelay: number[];
  /** instance createdTime − due time. */
  createdDelay: number[];
  /** instance startTime (about to spawn) − due time. */
  startDelay: number[];
  /** Of the window's instances, how many succeeded / ended otherwise. */
  succeeded: number;
  otherwise: Record<string, number>;
  /** Per minute: the first and the last fire's delay (the scheduler's reaction, then how long the minute's fires took). */
  byMinute: { first: number; last: number }[];
  /** Fire and run jobs by the process that took them. */
  byProcess: { process: string; fires: number; runs: number }[];
}

/**
 * `tasks` scheduled tasks (`* * * * *`, overlap allowed, printing one line), made through server
 * a; then `minutes` due minutes, from the first one at least SETTLE_MS after the last task was
 * written, watched in the shared database (`db`, searching the bench's schema).
 */
export async function scheduleAccuracy(options: {
  servers: BenchServer[];
  task: (code: string, extra: Record<string, unknown>) => Promise<number>;
  db: pg.Client;
  tasks: number;
  minutes: number;
  log: (text: string) => void;
}): Promise<ScheduleFigures> {
  const { db, tasks, minutes, log } = options;
  const ids: number[] = [];
  const made = Array.from({ length: tasks }, (_, index) => index);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = made.shift(); next !== undefined; next = made.shift())
        ids.push(
          await options.task('print("fired")\n', {
            triggerType: 'scheduled',
            cronExpression: '* * * * *',
            allowOverlap: true,
            memory: 256 * 1024 ** 2,
            timeoutTime: 120,
          }),
        );
    }),
  );
  const first = Math.ceil((Date.now() + SETTLE_MS) / MINUTE) * MINUTE;
  const last = first + (minutes - 1) * MINUTE;
  const window = { from: new Date(first), to: new Date(last) };
  log(`  ${tasks} scheduled tasks written; due minutes ${window.from.toISOString()} … ${window.to.toISOString()} (${minutes})`);

  const firesIn = async () =>
    Number(
      (await db.query(`select count(*) as n from task_fires where task_id = any($1) and due_time between $2 and $3`, [ids, window.from, window.to])).rows[0].n,
    );
  for (let minute = first; minute <= last; minute += MINUTE) {
    await sleep(Math.max(0, minute + 15_000 - Date.now()));
    log(`  ${new Date(minute).toISOString()}: ${await firesIn()} fires so far (load ${load1()})`);
  }
  // The last minute's runs end: every fire's instance finished, or a minute more at most.
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(1000)) {
    const { rows } = await db.query(
      `select count(*) as n from task_fires f join instances i on i.id = f.instance_id
       where f.task_id = any($1) and f.due_time between $2 and $3 and i.status in ('pending', 'running')`,
      [ids, window.from, window.to],
    );
    if (Number(rows[0].n) === 0) break;
  }

  const { rows: fires } = await db.query<{
    taskId: string;
    due: Date;
    fired: Date;
    outcome: string;
    instanceId: string | null;
    created: Date | null;
    started: Date | null;
    status: string | null;
  }>(
    `select f.task_id as "taskId", f.due_time as due, f.fired_time as fired, f.outcome, f.instance_id as "instanceId",
       i.created_time as created, i.start_time as started, i.status
     from task_fires f left join instances i on i.id = f.instance_id
     where f.task_id = any($1) and f.due_time between $2 and $3`,
    [ids, window.from, window.to],
  );
  const seen = new Map<string, number>();
  for (const fire of fires) seen.set(`${fire.taskId}@${fire.due.getTime()}`, (seen.get(`${fire.taskId}@${fire.due.getTime()}`) ?? 0) + 1);
  let misses = 0;
  for (const id of ids)
    for (let minute = first; minute <= last; minute += MINUTE) {
      const fire = fires.find((row) => Number(row.taskId) === id && row.due.getTime() === minute);
      if (!fire || fire.outcome !== 'fired' || fire.instanceId === null) misses += 1;
    }
  const repeatedFires = [...seen.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  const { rows: unaccounted } = await db.query(
    `select count(*) as n from instances i where i.task = any($1) and i.trigger_type = 'scheduled'
       and not exists (select 1 from task_fires f where f.instance_id = i.id)`,
    [ids],
  );
  const otherwise: Record<string, number> = {};
  for (const fire of fires) if (fire.status && fire.status !== 'succeeded') otherwise[fire.status] = (otherwise[fire.status] ?? 0) + 1;
  const byMinute: { first: number; last: number }[] = [];
  for (let minute = first; minute <= last; minute += MINUTE) {
    const delays = fires.filter((fire) => fire.due.getTime() === minute).map((fire) => fire.fired.getTime() - minute);
    byMinute.push({ first: Math.min(...delays), last: Math.max(...delays) });
  }

  const pids = new Map(options.servers.map((server) => [String(server.server.child.pid), server.name]));
  const { rows: jobs } = await db.query<{ pid: string; name: string; n: string }>(
    `select split_part(locked_by, ':', 2) as pid, name, count(*) as n from jobs
     where name in ('runs.fire', 'runs.execute') and created_time >= $1 group by 1, 2`,
    [new Date(first - 5000)],
  );
  const byProcess = [...new Set(jobs.map((job) => job.pid))].map((pid) => ({
    process: pids.get(pid) ?? `pid ${pid}`,
    fires: Number(jobs.find((job) => job.pid === pid && job.name === 'runs.fire')?.n ?? 0),
    runs: Number(jobs.find((job) => job.pid === pid && job.name === 'runs.execute')?.n ?? 0),
  }));

  return {
    tasks,
    minutes,
    window,
    expected: tasks * minutes,
    fired: fires.filter((fire) => fire.outcome === 'fired').length,
    misses,
    duplicates: repeatedFires + Number(unaccounted[0].n),
    fireDelay: fires.map((fire) => fire.fired.getTime() - fire.due.getTime()),
    createdDelay: fires.filter((fire) => fire.created).map((fire) => fire.created!.getTime() - fire.due.getTime()),
    startDelay: fires.filter((fire) => fire.started).map((fire) => fire.started!.getTime() - fire.due.getTime()),
    succeeded: fires.filter((fire) => fire.status === 'succeeded').length,
    otherwise,
    byMinute,
    byProcess,
  };
}
