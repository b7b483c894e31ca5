import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { createTask, pythonForRuns, startRunWorkers, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/** A task's Run makes an instance that really runs here, its output kept line by line. */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let image: number;
let workers: ReturnType<typeof startRunWorkers>;

beforeAll(async () => {
  token = await api.token('demo', 'admin');
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  image = (await t.records.create(systemActor(null), taskImage, { name: 'python', image: 'registry.example.com/python:3.11', entrypoint: 'python3 -u' })).id;
  process.env.EDP_SERVER_CANARY = 'server-only-secret';
  workers = startRunWorkers(t);
});
afterAll(async () => {
  delete process.env.EDP_SERVER_CANARY;
  await workers.stop();
});

let made = 0;
async function taskWith(code: string, extra: Record<string, unknown> = {}) {
  const created = await createTask(t, tenantId, image, {
    name: `run-test-${++made}`,
    timeoutTime: 60,
    environment: 'GREETING=hello robots\nEMPTY=',
    code,
    ...extra,
  });
  return created.id;
}

async function run(taskId: number): Promise<number> {
  const reply = await api.post(`/taskFlow/task/${taskId}/run`, undefined, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id as number;
}

const logOf = async (id: number, query: Record<string, string> = {}) => (await api.get(`/taskFlow/instance/${id}/logs`, { token, query })).body.data;

describe.skipIf(!pythonForRuns())('running a task', () => {
  it('goes pending → running → succeeded, the system writing who, when and how long; every line kept with its stream', async () => {
    const id = await run(await taskWith('import os, sys\nprint("out", os.environ["GREETING"])\nprint("err line", file=sys.stderr)\nprint("done")'));
    const row = await waitForStatus(t, id, ['succeeded', 'failed']);
    expect(row).toMatchObject({ status: 'succeeded', triggerType: 'manual', triggerPerson: 'admin', runner: 'local' });
    expect(row.startTime).toBeInstanceOf(Date);
    expect((row.endTime as Date).getTime()).toBeGreaterThanOrEqual((row.startTime as Date).getTime());
    expect(Number(row.duration)).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(String(row.history)).map((entry: { status: string }) => entry.status)).toEqual(['pending', 'running', 'succeeded']);
    const log = await logOf(id);
    expect(log.lines.map((line: { stream: string; text: string }) => `${line.stream}:${line.text}`).sort()).toEqual(
      ['stdout:out hello robots', 'stderr:err line', 'stdout:done'].sort(),
    );
    expect(log.total).toBe(3);
    expect(Number(row.logLines)).toBe(3);
  });

  it('gives the process none of the server: a scrubbed environment, its own directory, no reading the data directory', async () => {
    const code = [
      'import os',
      'print("canary", os.environ.get("EDP_SERVER_CANARY"))',
      'print("database", os.environ.get("DATABASE_URL"))',
      'print("instance", os.environ["EDP_INSTANCE_ID"], len(os.environ["EDP_INSTANCE_TOKEN"]))',
      'print("cwd-is-own", os.getcwd().endswith("/runs/" + os.environ["EDP_INSTANCE_ID"]))',
      'try:',
      '    os.listdir(os.path.dirname(os.path.dirname(os.getcwd())))',
      '    print("data-dir", "listed")',
      'except PermissionError:',
      '    print("data-dir", "refused")',
      'print("uid", os.getuid())',
    ].join('\n');
    const id = await run(await taskWith(code));
    expect((await waitForStatus(t, id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const text = (await logOf(id)).lines.map((line: { text: string }) => line.text);
    expect(text).toContain('canary None');
    expect(text).toContain('database None');
    expect(text).toContain(`instance ${id} 64`);
    expect(text).toContain('cwd-is-own True');
    if (process.getuid?.() === 0) {
      expect(text).toContain('data-dir refused');
      expect(text).toContain('uid 65534');
    }
  });

  it('kills a run past its timeout: SIGTERM, then SIGKILL after the grace period, and says it timed out', async () => {
    const id = await run(
      await taskWith('import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nprint("waiting", flush=True)\ntime.sleep(600)', { timeoutTime: 1 }),
    );
    const row = await waitForStatus(t, id, ['timed_out', 'failed', 'succeeded']);
    expect(row.status).toBe('timed_out');
    expect(Number(row.duration)).toBeLessThan(10);
  });

  it('fails a run that needs more memory than the task allows, with the insufficient-memory reason', async () => {
    const id = await run(await taskWith('data = bytearray(600 * 1024 * 1024)\nprint("allocated")', { memory: 200 * 1024 ** 2 }));
    const row = await waitForStatus(t, id, ['failed', 'succeeded']);
    expect(row).toMatchObject({ status: 'failed', failure: 'memory' });
  });

  it('fails a run whose code exits non-zero, keeping its exit code', async () => {
    const id = await run(await taskWith('import sys\nprint("bad input", file=sys.stderr)\nsys.exit(3)'));
    const row = await waitForStatus(t, id, ['failed', 'succeeded']);
    expect(row).toMatchObject({ status: 'failed', failure: 'exit' });
    expect(Number(row.exitCode)).toBe(3);
  });

  it('terminates only while running: refused when pending or ended, and then the process is stopped and who and when recorded', async () => {
    const id = await run(await taskWith('import time\nprint("started", flush=True)\ntime.sleep(600)'));
    await waitForStatus(t, id, ['running']);
    const terminated = await api.post('/taskFlow/instance/terminate', { ids: [id] }, { token });
    expect(terminated.status, JSON.stringify(terminated.body)).toBe(200);
    const row = await waitForStatus(t, id, ['terminated']);
    expect(row).toMatchObject({ status: 'terminated', terminatedBy: 'admin' });
    // The process is gone: no more lines come, and the end is recorded once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await waitForStatus(t, id, ['terminated'])).logLines).not.toBeNull();
    expect((await api.post('/taskFlow/instance/terminate', { ids: [id] }, { token })).status).toBe(409);
  });

  it('keeps every line of a process that prints 100,000 lines as fast as it can', async () => {
    const id = await run(await taskWith('import sys\nw = sys.stdout.write\nfor i in range(100000):\n    w("line %d\\n" % i)'));
    expect((await waitForStatus(t, id, ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    const last = await logOf(id);
    expect(last.total).toBe(100_000);
    expect(last.lines).toHaveLength(500);
    expect(last.lines[499]).toMatchObject({ seq: 100_000, text: 'line 99999' });
    const { rows } = await sql<{ n: number; distinct: number }>`
      select count(*)::int as n, count(distinct text)::int as distinct from instance_logs where instance_id = ${id}`.execute(t.database.db);
    expect(rows[0]).toEqual({ n: 100_000, distinct: 100_000 });
  });

  it('runs an instance again from its page, and refuses to run a removed task', async () => {
    const taskId = await taskWith('print("again")');
    const first = await run(taskId);
    await waitForStatus(t, first, ['succeeded']);
    const again = await api.post(`/taskFlow/instance/${first}/rerun`, undefined, { token });
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(first);
    await waitForStatus(t, again.body.data.id, ['succeeded']);
    await api.post('/taskFlow/task/remove', { ids: [taskId] }, { token });
    const refused = await api.post(`/taskFlow/task/${taskId}/run`, undefined, { token });
    expect(refused.status).toBe(400);
  });
});
