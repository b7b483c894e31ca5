import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { instance } from '../../model/schemas/instance';
import { taskImage } from '../../model/schemas/task-image';
import { trainingRecord } from '../../model/schemas/training-record';
import { serverSecret } from '../../server/db/server-secrets';
import { systemActor } from '../../server/engine/actor';
import { instanceLogSink } from '../../server/modules/runs/instance-log-sink';
import { runBell } from '../../server/modules/runs/run-bell';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
import { createTask } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/**
 * A run calls back with its metrics and its token: a batch is kept exactly as the same reports printed
 * as metric lines (same rows, same rollup, same chart), numbered on with the lines of the same run; a
 * batch out of shape, a stranger's token or an ended run keeps nothing. A chart adds the other runs
 * of the same task that the caller reads.
 */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let taskId: number;
let otherTaskId: number;

beforeAll(async () => {
  token = await api.token('demo', 'admin');
  tenantId = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const image = (await t.records.create(systemActor(null), taskImage, { name: 'py', image: 'python:3.11', entrypoint: 'python3 -u' })).id;
  taskId = Number((await createTask(t, tenantId, image, { name: 'train', taskType: 'training', code: 'print(1)' })).id);
  otherTaskId = Number((await createTask(t, tenantId, image, { name: 'other', taskType: 'training', code: 'print(1)' })).id);
});

let runs = 0;
/** An instance of a task as the runner leaves it, in a state of the test's choosing. */
const runOf = async (status: string, values: Record<string, unknown> = {}) =>
  Number(
    (
      await t.records.create(systemActor(tenantId), instance, {
        ...{ task: taskId, taskName: 'train', triggerType: 'manual', triggerPerson: 'admin', timeout: 600, k8sJobName: `callback-${++runs}`, status },
        ...values,
      })
    ).id,
  );

const tokenOf = async (run: number) => instanceToken(await serverSecret(t.database.db, INSTANCE_TOKENS, new Date()), run);
const callBack = async (run: number, body: unknown, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/taskFlow/instance/${run}/metrics`,
    headers: { authorization: authorization ?? `Bearer ${await tokenOf(run)}` },
    payload: body as object,
  });

/** Prints the lines as the run's log sink takes them from its output. */
async function print(run: number, texts: string[]) {
  const sink = await instanceLogSink(t.database.db, { id: run, tenantId }, async () => {}, runBell());
  await sink.write(texts.map((text) => ({ stream: 'stdout' as const, text, time: new Date() })));
}

/** Every stored report row and rollup bucket of a run, as the chart's reads see them (times aside). */
async function storedOf(run: number) {
  const { rows: reports } = await sql`select name, seq, step, value from instance_metrics where instance_id = ${run} order by name, seq`.execute(t.database.db);
  const { rows: buckets } = await sql`select level, name, bucket, count, sum, low, high, step from metric_buckets
    where instance_id = ${run} order by level, name, bucket`.execute(t.database.db);
  return { reports, buckets };
}
const seriesOf = async (run: number) => (await api.get(`/taskFlow/instance/${run}/metrics`, { token })).body.data.series;

/** Reports of every kind a line can say: several metrics, a step or none, negative and exponent values, a slash in a name. */
const REPORTS = Array.from({ length: 2600 }, (_, i) => ({
  ...(i % 13 === 4 ? {} : { step: 10 * i }),
  values: { loss: Number((2 / (i + 1)).toPrecision(6)), ...(i % 3 === 0 ? { 'val/loss': -1.5e-3 * i, lr: 1e-4 } : {}) },
}));
const lineOf = ({ step, values }: (typeof REPORTS)[number]) =>
  `##edp:metric ${Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')}${step === undefined ? '' : ` step=${step}`}`;

describe('a run calling back its metrics', () => {
  it('keeps a batch exactly as the same reports printed as lines: the same rows, rollup and chart', async () => {
    const [printed, called] = [await runOf('running'), await runOf('running')];
    for (let from = 0; from < REPORTS.length; from += 1000) {
      const chunk = REPORTS.slice(from, from + 1000);
      await print(printed, chunk.map(lineOf));
      const reply = await callBack(called, { reports: chunk });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().data).toEqual({ kept: chunk.length });
    }
    const [fromLines, fromCalls] = [await storedOf(printed), await storedOf(called)];
    expect(fromLines.reports).toHaveLength(2600 + 2 * 867);
    expect(fromCalls).toEqual(fromLines);
    const series = await seriesOf(called);
    expect(series.map((each: { name: string; reports: number }) => [each.name, each.reports])).toEqual([
      ['loss', 2600],
      ['lr', 867],
      ['val/loss', 867],
    ]);
    expect(series).toEqual(await seriesOf(printed));
  });

  it('numbers its reports on with the run’s lines, however they interleave', async () => {
    const run = await runOf('running');
    const batch = (writer: number) => Array.from({ length: 5 }, (_, k) => ({ step: writer * 5 + k, values: { loss: writer * 5 + k } }));
    // The run's log (one writer, its batches one after another) and 20 calls back at once, each a batch of 5 reports.
    const sink = await instanceLogSink(t.database.db, { id: run, tenantId }, async () => {}, runBell());
    const printing = (async () => {
      for (let writer = 1; writer < 40; writer += 2)
        await sink.write(batch(writer).map((report) => ({ stream: 'stdout' as const, text: lineOf(report), time: new Date() })));
    })();
    await Promise.all([printing, ...Array.from({ length: 20 }, (_, i) => callBack(run, { reports: batch(2 * i) }))]);
    const { rows } = await sql<{ seq: number; value: number }>`select seq, value from instance_metrics where instance_id = ${run} order by seq`.execute(
      t.database.db,
    );
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => Number(row.value))).size).toBe(200);
    // Each batch stays whole and in order: its reports took consecutive numbers.
    for (let writer = 0; writer < 40; writer++) {
      const seqs = rows.filter((row) => Math.floor(Number(row.value) / 5) === writer).map((row) => Number(row.seq));
      expect(seqs, `batch ${writer}`).toEqual(Array.from({ length: 5 }, (_, k) => seqs[0]! + k));
    }
    const [loss] = await seriesOf(run);
    expect(loss).toMatchObject({ name: 'loss', reports: 200 });
  });

  it('refuses another run’s token or none (403), an ended run (409), and keeps nothing', async () => {
    const [run, other, ended] = [await runOf('running'), await runOf('running'), await runOf('succeeded')];
    const body = { reports: [{ step: 1, values: { loss: 1 } }] };
    expect((await callBack(run, body, `Bearer ${await tokenOf(other)}`)).statusCode).toBe(403);
    expect((await callBack(run, body, `Bearer ${token}`)).statusCode).toBe(403);
    expect((await callBack(run, body, '')).statusCode).toBe(403);
    const late = await callBack(ended, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toEqual({ zh_CN: '该实例未在运行', en_US: 'The instance is not running' });
    for (const id of [run, ended]) expect((await storedOf(id)).reports).toEqual([]);
  });

  it('refuses, in both languages and keeping nothing, what a metric line could not say or a batch too large', async () => {
    const run = await runOf('running');
    const good = { step: 1, values: { loss: 0.5 } };
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`m${i}`, i]));
    const cases: [string, unknown, string][] = [
      ['a name with a space', { step: 1, values: { 'val loss': 1 } }, 'The metric name val loss is not valid'],
      ['the name step', { step: 1, values: { step: 3 } }, 'The metric name step is not valid'],
      ['a name of 65 characters', { values: { ['x'.repeat(65)]: 1 } }, `The metric name ${'x'.repeat(65)} is not valid`],
      ['an empty name', { values: { '': 1 } }, 'The metric name  is not valid'],
      ['a value in words', { values: { loss: 'low' } }, 'has the wrong format'],
      ['no value', { values: { loss: null } }, 'has the wrong format'],
      ['no metric', { step: 1, values: {} }, 'Metric values is required'],
      ['101 metrics', { step: 1, values: many }, 'Metric values takes at most 100 items'],
      ['a negative step', { step: -1, values: { loss: 1 } }, 'Step must be at least 0'],
      ['a fractional step', { step: 1.5, values: { loss: 1 } }, 'Step must be a whole number'],
      ['a step past 2^53', { step: 2 ** 60, values: { loss: 1 } }, 'Step must be a whole number'],
    ];
    for (const [what, bad, english] of cases) {
      const reply = await callBack(run, { reports: [good, bad, good] });
      expect(reply.statusCode, what).toBe(400);
      const { message } = reply.json();
      expect(message.en_US, what).toContain(english);
      expect(message.zh_CN, what).toMatch(/[\u4e00-\u9fff]/);
    }
    // A number out of a double's range is no finite value (JSON.parse makes it Infinity), as on a line.
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/v1/taskFlow/instance/${run}/metrics`,
      headers: { authorization: `Bearer ${await tokenOf(run)}`, 'content-type': 'application/json' },
      payload: '{"reports":[{"values":{"loss":1e400}}]}',
    });
    expect(huge.statusCode).toBe(400);
    const empty = await callBack(run, { reports: [] });
    expect([empty.statusCode, empty.json().message.en_US]).toEqual([400, 'Reports is required']);
    const tooMany = await callBack(run, { reports: Array.from({ length: 1001 }, () => good) });
    expect([tooMany.statusCode, tooMany.json().message.en_US]).toEqual([400, 'Reports takes at most 1000 items']);
    expect(tooMany.json().message.zh_CN).toMatch(/[\u4e00-\u9fff]/);
    expect((await callBack(run, { reports: 'loss=1' })).statusCode).toBe(400);
    expect(await storedOf(run)).toEqual({ reports: [], buckets: [] });
  });
});

describe('the runs a chart compares', () => {
  it('are the other runs of the same task that reported metrics, newest first, named by their training record', async () => {
    const record = Number(
      (
        await t.records.create(systemActor(tenantId), trainingRecord, {
          ...{ name: 'lr-sweep-2', task: 'train', foundationModel: 'pi0', config: '{}' },
        })
      ).id,
    );
    const base = await runOf('succeeded');
    const older = await runOf('succeeded', { trainingRecord: record });
    const silent = await runOf('succeeded'); // reported nothing: nothing to draw
    const newer = await runOf('running');
    const elsewhere = await runOf('succeeded', { task: otherTaskId, taskName: 'other' });
    for (const run of [base, older, newer, elsewhere]) await print(run, ['##edp:metric loss=1 step=1']);
    // Newest first by creation: the runs were made in this order within the same instant, so set their times apart.
    for (const [run, minute] of [
      [base, 1],
      [older, 2],
      [silent, 3],
      [newer, 4],
      [elsewhere, 5],
    ])
      await sql`update instances set created_time = ${new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString()}::timestamptz where id = ${run}`.execute(
        t.database.db,
      );
    const reply = await api.get(`/taskFlow/instance/${base}/comparable-runs`, { token });
    expect(reply.status).toBe(200);
    const { run, others } = reply.body.data;
    expect(run).toMatchObject({ id: base, taskName: 'train', trainingRecordName: null, status: 'succeeded' });
    const mine = others.filter((other: { id: number }) => [base, older, silent, newer, elsewhere].includes(other.id));
    expect(mine.map((other: { id: number }) => other.id)).toEqual([newer, older]);
    expect(mine[1]).toMatchObject({ trainingRecordName: 'lr-sweep-2', createdTime: '2026-01-01T08:02:00.000Z' });
    expect(others.map((other: { id: number }) => other.id)).not.toContain(base);

    // Another space finds no such run.
    const stranger = await api.token('platform', 'admin');
    expect((await api.get(`/taskFlow/instance/${base}/comparable-runs`, { token: stranger })).status).toBe(404);
  });
});
