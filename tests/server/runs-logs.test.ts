import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { instance } from '../../model/schemas/instance';
import { task as taskEntity } from '../../model/schemas/task';
import { taskImage } from '../../model/schemas/task-image';
import { systemActor } from '../../server/engine/actor';
import { appendLines } from '../../server/modules/runs/log-store';
import { moveInstance } from '../../server/modules/runs/instance-state';
import { useTestApp } from './helpers/test-app';

/** What a log writer does at each turn it takes (bulk work waits behind the requests being answered). */
const turns = vi.hoisted(() => ({ taken: async () => {} }));
vi.mock('../../server/http/bulk-turns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/http/bulk-turns')>();
  return { ...actual, bulkTurn: async (mostMs?: number) => (await turns.taken(), actual.bulkTurn(mostMs)) };
});

/** Logs: the last 500 lines first (spec §9), pages back, search, a live stream that resumes without loss, the whole log as a file. */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let instanceId: number;
let imageId: number;
const TOTAL = 2_000;

const lines = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    stream: (from + i) % 7 === 0 ? ('stderr' as const) : ('stdout' as const),
    time: new Date(1_800_000_000_000 + from + i),
    text: `line ${from + i}`,
  }));

/** An instance of a task of its own in the space, as the runner writes one. */
async function instanceIn(space: number, k8sJobName: string): Promise<number> {
  const task = await t.records.create(systemActor(space), taskEntity, {
    name: `logs ${k8sJobName}`,
    taskType: 'data_processing',
    taskCategory: 'development',
    triggerType: 'manual',
    image: imageId,
    memory: 1024 ** 3,
    gpuCards: 0,
    timeoutTime: 60,
    code: 'print(1)',
    owner: 'admin',
  });
  const created = await t.records.create(systemActor(space), instance, {
    task: task.id,
    taskName: task.name,
    triggerType: 'manual',
    triggerPerson: 'admin',
    timeout: 60,
    k8sJobName,
  });
  return created.id;
}

beforeAll(async () => {
  token = await api.token('demo', 'admin');
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const image = await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' });
  imageId = image.id;
  instanceId = await instanceIn(tenantId, 'edp-logs-1');
  await moveInstance(t.records, instanceId, ['pending'], 'running', { startTime: t.clock() }, t.clock());
  await appendLines(t.database.db, tenantId, instanceId, 1, lines(1, TOTAL));
});

const logs = (query: Record<string, string> = {}, who = token) => api.get(`/taskFlow/instance/${instanceId}/logs`, { token: who, query });

describe('reading a log', () => {
  it('opens at the last 500 lines, ascending, with the total', async () => {
    const { body } = await logs();
    expect(body.data.total).toBe(TOTAL);
    expect(body.data.lines).toHaveLength(500);
    expect(body.data.lines[0]).toMatchObject({ seq: TOTAL - 499, text: `line ${TOTAL - 499}` });
    expect(body.data.lines[499]).toMatchObject({ seq: TOTAL, text: `line ${TOTAL}`, stream: 'stdout' });
    expect(body.data.lines.find((line: { seq: number }) => line.seq === 1995).stream).toBe('stderr');
  });

  it('pages back before a line and follows after one, without gaps or overlaps', async () => {
    const back = (await logs({ before: '1501', limit: '500' })).body.data.lines;
    expect(back.map((line: { seq: number }) => line.seq)).toEqual(Array.from({ length: 500 }, (_, i) => 1001 + i));
    const first = (await logs({ before: '3', limit: '500' })).body.data.lines;
    expect(first.map((line: { seq: number }) => line.seq)).toEqual([1, 2]);
    const after = (await logs({ after: '1990', limit: '5' })).body.data.lines;
    expect(after.map((line: { seq: number }) => line.seq)).toEqual([1991, 1992, 1993, 1994, 1995]);
  });

  it('refuses a window it cannot read: before and after together, limits out of range, not numbers', async () => {
    for (const query of [{ before: '5', after: '1' }, { limit: '0' }, { limit: '6000' }, { before: 'x' }, { after: '-1' }] as Record<string, string>[]) {
      const reply = await logs(query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.message.zh_CN && reply.body.message.en_US).toBeTruthy();
    }
  });

  it('searches any case, the last matches first of all but shown ascending, and pages back', async () => {
    const found = (await api.get(`/taskFlow/instance/${instanceId}/logs/search`, { token, query: { q: 'LINE 19', limit: '5' } })).body.data.lines;
    expect(found.map((line: { seq: number }) => line.seq)).toEqual([1995, 1996, 1997, 1998, 1999]);
    const earlier = (await api.get(`/taskFlow/instance/${instanceId}/logs/search`, { token, query: { q: 'line 19', limit: '3', before: '190' } })).body.data
      .lines;
    expect(earlier.map((line: { seq: number }) => line.seq)).toEqual([19]);
    expect(earlier.every((line: { text: string; seq: number }) => line.text.includes('line 19') && line.seq < 190)).toBe(true);
    const percent = (await api.get(`/taskFlow/instance/${instanceId}/logs/search`, { token, query: { q: '%' } })).body.data.lines;
    expect(percent).toEqual([]);
  });

  it('is read only by who reads the instance: a tele_operator is refused, nobody signed out reads it', async () => {
    expect((await logs({}, await api.token('demo', 'operator'))).status).toBe(403);
    expect((await api.get(`/taskFlow/instance/${instanceId}/logs`, { query: {} })).status).toBe(403);
    for (const path of ['logs/search?q=line', 'logs/stream', 'logs/download-url'])
      expect((await t.app.inject({ url: `/api/v1/taskFlow/instance/${instanceId}/${path}` })).statusCode, path).toBe(403);
  });
});

describe('downloading a log', () => {
  it('gives a signed link that serves the whole log as text, and refuses a tampered or expired one', async () => {
    const { url } = (await api.get(`/taskFlow/instance/${instanceId}/logs/download-url`, { token })).body.data;
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('edp-logs-1.log');
    const text = file.payload.trimEnd().split('\n');
    expect(text).toHaveLength(TOTAL);
    expect(text[0]).toBe(`${new Date(1_800_000_000_001).toISOString()} stdout line 1`);
    expect(text[6]).toContain(' stderr line 7');
    expect(
      (await t.app.inject({ url: url.replace(/signature=(.)/, (_match: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: url.replace(/\/instance\/\d+\//, `/instance/${instanceId + 1}/`) })).statusCode).toBe(403);
    t.clock.advance(11 * 60_000);
    expect((await t.app.inject({ url })).statusCode).toBe(403);
  });
});

describe('following a log live', () => {
  /** Reads the event stream over a real socket until `end` or `stopAfter` lines. */
  async function follow(after: number, stopAfter = Infinity) {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    const abort = new AbortController();
    const response = await fetch(`${address}/api/v1/taskFlow/instance/${instanceId}/logs/stream?after=${after}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const seqs: number[] = [];
    const events: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, at);
        text = text.slice(at + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        if (!name) continue;
        events.push(name);
        const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!);
        if (name === 'lines') seqs.push(...data.lines.map((line: { seq: number }) => line.seq));
      }
      if (events.at(-1) === 'end' || seqs.length >= stopAfter) break;
    }
    abort.abort();
    return { seqs, events };
  }

  it('sends what follows `after`, new lines as they are written, and ends once the run has ended and all was sent', async () => {
    const first = await follow(TOTAL - 3, 3);
    expect(first.seqs).toEqual([TOTAL - 2, TOTAL - 1, TOTAL]);
    expect(first.events).toContain('status');
    // Resuming where it stopped while more is written and the run ends: nothing lost, nothing twice.
    const resumed = follow(TOTAL);
    setTimeout(() => {
      void (async () => {
        await appendLines(t.database.db, tenantId, instanceId, TOTAL + 1, lines(TOTAL + 1, 1500));
        await moveInstance(t.records, instanceId, ['running'], 'succeeded', { endTime: t.clock() }, t.clock());
      })();
    }, 300);
    const { seqs, events } = await resumed;
    expect(seqs).toEqual(Array.from({ length: 1500 }, (_, i) => TOTAL + 1 + i));
    expect(events.at(-1)).toBe('end');
    // The client's kept-alive socket would hold the app's close for the server's keep-alive timeout.
    t.app.server.closeAllConnections();
  });
});

describe('writing', () => {
  it('keeps a batch tried again after part of it was kept once, each line once and in order', async () => {
    const retried = await instanceIn(tenantId, 'edp-logs-retried');
    await appendLines(t.database.db, tenantId, retried, 1, lines(1, 2500).slice(0, 2000)); // its first statements were kept, its last ones lost
    await appendLines(t.database.db, tenantId, retried, 1, lines(1, 2500));
    const { rows } = await sql<{ seq: number; text: string }>`select seq::int, text from instance_logs where instance_id = ${retried} order by seq`.execute(
      t.database.db,
    );
    expect(rows.map((row) => row.text)).toEqual(lines(1, 2500).map((line) => line.text));
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
  });

  it('keeps every line as it was given: empty ones, both streams, each time to the millisecond, any script, a stray newline shown as ␤', async () => {
    const given = [
      { stream: 'stdout' as const, time: new Date('2026-11-30T10:00:00.123Z'), text: '' },
      { stream: 'stderr' as const, time: new Date('2026-11-30T09:59:59.001Z'), text: 'ошибка: 失败 🤖 , \\n "quoted" {a,b}' },
      { stream: 'stdout' as const, time: new Date('2026-11-30T10:00:03.999Z'), text: 'one\ntwo' },
      { stream: 'stdout' as const, time: new Date('2026-11-30T10:00:04.000Z'), text: '' },
    ];
    for (const [index, lines] of [[given[0]!], given].entries()) {
      const printed = await instanceIn(tenantId, `edp-logs-kept-${index}`);
      await appendLines(t.database.db, tenantId, printed, 1, lines);
      const { rows } = await sql<{ seq: number; time: Date; stream: number; text: string }>`
        select seq::int, time, stream, text from instance_logs where instance_id = ${printed} order by seq`.execute(t.database.db);
      expect(rows).toEqual(
        lines.map((line, at) => ({ seq: at + 1, time: line.time, stream: line.stream === 'stderr' ? 1 : 0, text: line.text.replaceAll('\n', '\u2424') })),
      );
    }
  });

  it('keeps a fast printer’s lines 250 to a statement, each statement after a turn for the requests being answered', async () => {
    const printed = await instanceIn(tenantId, 'edp-logs-turns');
    const keptAtTurns: number[] = [];
    turns.taken = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from instance_logs where instance_id = ${printed}`.execute(t.database.db);
      keptAtTurns.push(rows[0]!.n);
    };
    try {
      await appendLines(t.database.db, tenantId, printed, 1, lines(1, 600));
    } finally {
      turns.taken = async () => {};
    }
    expect(keptAtTurns).toEqual([0, 250, 500]);
  });
});

describe('deleting', () => {
  const kept = async (of: 'instance_id' | 'tenant_id', id: number) =>
    (await sql<{ n: number }>`select count(*)::int as n from instance_logs where ${sql.ref(of)} = ${id}`.execute(t.database.db)).rows[0]!.n;

  it('an instance deletes its lines, and only its own', async () => {
    const other = await instanceIn(tenantId, 'edp-logs-2');
    await appendLines(t.database.db, tenantId, other, 1, lines(1, 30));
    const admin = await api.token('demo', 'admin');
    expect((await api.post('/taskFlow/instance/delete', { ids: [other] }, { token: admin })).status).toBe(200);
    expect(await kept('instance_id', other)).toBe(0);
    expect(await kept('instance_id', instanceId)).toBeGreaterThanOrEqual(TOTAL);
  });

  it('a space deletes the lines of its instances', async () => {
    const platform = await api.token('platform', 'admin');
    const created = await api.post('/console/tenant/create', { code: 'gone', name: 'Gone', adminCode: 'boss', adminName: 'Boss' }, { token: platform });
    const gone = created.body.data.id as number;
    await appendLines(t.database.db, gone, await instanceIn(gone, 'edp-gone-1'), 1, lines(1, 30));
    expect(await kept('tenant_id', gone)).toBe(30);
    expect((await api.post('/console/tenant/delete', { ids: [gone] }, { token: platform })).status).toBe(200);
    expect(await kept('tenant_id', gone)).toBe(0);
    expect(await kept('tenant_id', tenantId)).toBeGreaterThanOrEqual(TOTAL);
  });
});
