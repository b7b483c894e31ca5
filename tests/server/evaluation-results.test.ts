import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { structuredData } from '../../model/schemas/structured-data';
import { serverSecret } from '../../server/db/server-secrets';
import { systemActor } from '../../server/engine/actor';
import { rateDifference } from '../../server/modules/evaluation/differences';
import { wilson } from '../../server/modules/evaluation/wilson';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
import { createSample, resourceOf } from './helpers/entities';
import { createTask, pythonForRuns, useDemoRuns, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/**
 * An evaluation run is handed its items (items.json), reports each one's outcome with its token, and
 * its record's figures follow; the overview ranks the models per robot with Wilson intervals and
 * against a pinned baseline, and two evaluations of the same items are compared item by item.
 */
const { t, api } = useTestApp();
const workRoot = mkdtempSync(path.join(tmpdir(), 'edp-evaluation-runs-'));
let token: string;
let tenantId: number;

/** Waits for the test to have reported its results (a file `go` beside it), then ends well. */
const EVALUATE = [
  'import json, os, time',
  'items = json.load(open(os.environ["EDP_ITEMS_FILE"]))',
  'print("items", len(items), os.environ["EDP_ITEM_COUNT"], items[0]["robotSn"], len(items[0]["files"]), flush=True)',
  'for _ in range(1200):',
  '    if os.path.exists("go"): break',
  '    time.sleep(0.05)',
].join('\n');

const demo = useDemoRuns(t, api, { env: { EDP_RUNNER_DIR: workRoot } });
beforeAll(async () => {
  ({ token, tenantId } = demo);
  await createTask(t, tenantId, demo.image, { name: 'evaluate', taskType: 'evaluation', code: EVALUATE });
});

/** A structured dataset of 12 items: 8 recorded by robot A (arms L1/R1), 4 by robot B (no arms named). */
async function dataset() {
  const set = await createSample(api, resourceOf('structured-dataset'), token);
  const bag = await createSample(api, resourceOf('bag'), token);
  const items: { id: number; robot: 'A' | 'B' }[] = [];
  for (let i = 0; i < 12; i += 1) {
    const robot = i < 8 ? 'A' : 'B';
    const made = await t.records.create(systemActor(tenantId), structuredData, {
      ...{ bagId: bag.id, structuredDatasetId: set.id, structureType: 'lerobot', version: `1.0.${i}` },
      ...(robot === 'A' ? { robotSn: 'ROBOT-A', leftArmSn: 'L1', rightArmSn: 'R1' } : { robotSn: 'ROBOT-B' }),
    });
    items.push({ id: Number(made.id), robot });
  }
  return { id: Number(set.id), items };
}

/** An evaluation of the model on the dataset's data its filter picks (all of them without one). */
const evaluationOf = async (modelCardId: number, structuredDatasetId: number, filter: Record<string, string> = {}) =>
  (
    await api.post(
      '/evaluation/evaluation-record/create',
      { name: `eval-${modelCardId}-${JSON.stringify(filter)}`, modelCardId, structuredDatasetId, dataFilter: JSON.stringify(filter) },
      { token },
    )
  ).body.data.id as number;

const runOf = async (recordId: number) =>
  Number(
    (await sql<{ id: number }>`select id from instances where evaluation_record = ${recordId} order by id desc limit 1`.execute(t.database.db)).rows[0]!.id,
  );

const report = async (run: number, results: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/taskFlow/instance/${run}/evaluation-results`,
    headers: { authorization: `Bearer ${instanceToken(await serverSecret(t.database.db, INSTANCE_TOKENS, new Date()), run)}` },
    payload: { results },
  });

/** Starts the evaluation, reports `outcome(item, index)` for each item while it runs, lets it end, and waits for the record to settle. */
async function evaluate(recordId: number, items: { id: number }[], outcome: (index: number) => { success: boolean; failureMode?: string }) {
  expect((await api.post('/evaluation/evaluation-record/start', { ids: [recordId] }, { token })).status).toBe(200);
  const run = await runOf(recordId);
  await waitForStatus(t, run, ['running']);
  // Its directory is made as it starts: once it has said how many items it has, the `go` has a place to go.
  await expect.poll(async () => (await api.get(`/taskFlow/instance/${run}/logs`, { token })).body.data.total, { timeout: 30_000 }).toBeGreaterThan(0);
  const results = items.map((item, index) => ({ itemId: item.id, progress: outcome(index).success ? 1 : 0.25, durationMs: 1000 + index, ...outcome(index) }));
  const reply = await report(run, results);
  expect(reply.statusCode, reply.body).toBe(200);
  writeFileSync(path.join(workRoot, String(run), 'go'), '');
  expect((await waitForStatus(t, run, ['succeeded', 'failed'])).status).toBe('succeeded');
  await expect
    .poll(async () => (await api.get('/evaluation/evaluation-record/get', { token, query: { id: String(recordId) } })).body.data.status)
    .toBe('success');
  return run;
}

describe.skipIf(!pythonForRuns())('an evaluation run', () => {
  it('is handed its items, reports each, and ranks the models per robot against the baseline; two runs of the same items compare', async () => {
    const { id: setId, items } = await dataset();
    const [model, baseline] = [await createSample(api, resourceOf('model-card'), token), await createSample(api, resourceOf('model-card'), token)];
    // The model: 6 of robot A's 8 (two slips), 1 of robot B's 4. The baseline: 3 of A's 8, all of B's.
    const modelOutcome = (i: number) => (i < 8 ? (i < 6 ? { success: true } : { success: false, failureMode: 'grasp_slip' }) : { success: i === 8 });
    const baselineOutcome = (i: number) => (i < 8 ? { success: i < 3, ...(i >= 3 ? { failureMode: 'timeout' } : {}) } : { success: true });
    const first = await evaluationOf(Number(model.id), setId);
    const run = await evaluate(first, items, modelOutcome);
    const log = (await api.get(`/taskFlow/instance/${run}/logs`, { token })).body.data.lines.map((line: { text: string }) => line.text);
    expect(log[0]).toBe('items 12 12 ROBOT-A 0');
    // Its figures: 7 of 12 succeeded; progress 1 for those, 0.25 for the others.
    expect((await api.get('/evaluation/evaluation-record/get', { token, query: { id: String(first) } })).body.data).toMatchObject({
      successRate: 58.33,
      score: Math.round(((7 + 5 * 0.25) / 12) * 10_000) / 100,
    });
    const second = await evaluationOf(Number(baseline.id), setId);
    await evaluate(second, items, baselineOutcome);

    const overview = (
      await api.get('/evaluation/overview', {
        token,
        query: { structuredDatasetId: String(setId), baselineModelCardId: String(baseline.id) },
      })
    ).body.data.rows as Record<string, any>[];
    const row = (modelId: number, robotSn: string) => overview.find((each) => each.modelCardId === modelId && each.robotSn === robotSn)!;
    expect(overview).toHaveLength(4);
    const modelOnA = row(Number(model.id), 'ROBOT-A');
    expect(modelOnA).toMatchObject({
      leftArmSn: 'L1',
      rightArmSn: 'R1',
      trials: 8,
      successes: 6,
      failureModes: { grasp_slip: 2 },
      meanProgress: (6 + 2 * 0.25) / 8,
    });
    const interval = wilson(6, 8)!;
    expect([modelOnA.rate, modelOnA.low, modelOnA.high, modelOnA.tooFew]).toEqual([interval.rate, interval.low, interval.high, true]);
    expect(modelOnA.baseline).toEqual(rateDifference({ successes: 6, trials: 8 }, { successes: 3, trials: 8 }));
    expect(row(Number(model.id), 'ROBOT-B')).toMatchObject({ leftArmSn: '', trials: 4, successes: 1, failureModes: {} });
    expect(row(Number(baseline.id), 'ROBOT-A')).toMatchObject({ successes: 3, failureModes: { timeout: 5 }, baseline: null });

    // Item by item: the model alone passed 3 of A's, the baseline alone 3 of B's: nothing to tell them apart.
    const compared = (await api.get('/evaluation/compare', { token, query: { first: String(first), second: String(second) } })).body.data;
    expect(compared).toMatchObject({ items: 12, bothSucceeded: 4, onlyFirst: 3, onlySecond: 3, neither: 2, difference: 0, verdict: null });

    // The items behind a row: each with its bag and outcome.
    const behind = (await api.get(`/evaluation/evaluation-record/${first}/results`, { token, query: { robotSn: 'ROBOT-B' } })).body.data.items;
    expect(behind.map((item: { itemId: number; success: boolean }) => [item.itemId, item.success])).toEqual(
      items.slice(8).map((item, i) => [item.id, i === 0]),
    );
    expect(behind[0]).toMatchObject({ durationMs: 1008, failureMode: null });
    expect(typeof behind[0].bagName).toBe('string');
  });

  it('a model better on every item it differs on gets the verdict; evaluations of different datasets are not compared', async () => {
    const { id: setId, items } = await dataset();
    const [better, worse] = [await createSample(api, resourceOf('model-card'), token), await createSample(api, resourceOf('model-card'), token)];
    const a = await evaluationOf(Number(better.id), setId);
    await evaluate(a, items, () => ({ success: true }));
    const b = await evaluationOf(Number(worse.id), setId);
    await evaluate(b, items, (i) => ({ success: i < 2, failureMode: 'collision' }));
    const compared = (await api.get('/evaluation/compare', { token, query: { first: String(a), second: String(b) } })).body.data;
    expect(compared).toMatchObject({ items: 12, onlyFirst: 10, onlySecond: 0, verdict: 'first' });
    expect(compared.low).toBeGreaterThan(0);

    const other = await dataset();
    const elsewhere = await evaluationOf(Number(better.id), other.id, { robotSn: 'ROBOT-B' });
    const refused = await api.get('/evaluation/compare', { token, query: { first: String(a), second: String(elsewhere) } });
    expect(refused.status).toBe(400);
    expect(refused.body.message.zh_CN).toBe('只能比较同一结构化数据集上的评测');
  });

  it('refuses results for items not its own, out of range, or from a run that evaluates nothing, keeping none', async () => {
    const { id: setId, items } = await dataset();
    const model = await createSample(api, resourceOf('model-card'), token);
    // Filtered to robot B's four: robot A's are not its items.
    const record = await evaluationOf(Number(model.id), setId, { robotSn: 'ROBOT-B' });
    expect((await api.post('/evaluation/evaluation-record/start', { ids: [record] }, { token })).status).toBe(200);
    const run = await runOf(record);
    await waitForStatus(t, run, ['running']);
    const good = { itemId: items[8]!.id, success: true, progress: 1, durationMs: 10 };
    const stranger = await report(run, [good, { ...good, itemId: items[0]!.id }]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message.zh_CN).toBe(`数据 ${items[0]!.id} 不在本次评测的数据中`);
    for (const bad of [
      { ...good, progress: 1.5 },
      { ...good, durationMs: -1 },
      { ...good, success: 'yes' },
      { ...good, failureMode: 'slip here' },
    ])
      expect((await report(run, [bad])).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await report(run, [])).statusCode).toBe(400);
    expect((await sql`select 1 from evaluation_results where evaluation_record_id = ${record}`.execute(t.database.db)).rows).toEqual([]);
    writeFileSync(path.join(workRoot, String(run), 'go'), '');
    await waitForStatus(t, run, ['succeeded']);
    // Without results it made no figures.
    expect((await api.get('/evaluation/evaluation-record/get', { token, query: { id: String(record) } })).body.data).toMatchObject({
      successRate: null,
      score: null,
    });
  });
});
