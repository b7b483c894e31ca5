import { beforeAll, describe, expect, it } from 'vitest';
import { evaluationRecord } from '../../model/schemas/evaluation-record';
import { modelCard } from '../../model/schemas/model-card';
import { MODEL_OVERVIEW_PATH } from '../../model/schemas/model-overview-path';
import { structuredData } from '../../model/schemas/structured-data';
import { sha256Hex } from '../../server/auth/cipher';
import { hashDigest } from '../../server/auth/password-hash';
import { systemActor } from '../../server/engine/actor';
import { loose } from '../../server/engine/queries';
import { createAccount } from '../../server/modules/accounts/accounts';
import { evaluationItems } from '../../server/modules/evaluation/items';
import { storeResults } from '../../server/modules/evaluation/results-store';
import { wilson } from '../../server/modules/evaluation/wilson';
import { createSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/**
 * The model overview: the space's models (the cards of one name) by type, each by its newest version,
 * with the newest successful evaluation of any of its versions on each structured dataset, its Wilson
 * interval as the evaluation overview computes it. Another space's cards and evaluations never count.
 */
const { t, api } = useTestApp();
const tokens: Record<string, string> = {};
let demoId: number;
let otherId: number;
const DAY = 86_400_000;
const T0 = Date.parse('2026-10-01T08:00:00Z');
const at = (days: number) => new Date(T0 + days * DAY).toISOString();

const overview = (who: string) => api.get(MODEL_OVERVIEW_PATH, { token: tokens[who] });

beforeAll(async () => {
  for (const [key, tenant, code] of [
    ['admin', 'demo', 'admin'],
    ['rd', 'demo', 'rd'],
    ['operator', 'demo', 'operator'],
  ] as const)
    tokens[key] = await api.token(tenant, code);
  const db = t.database.db;
  demoId = (await db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const now = t.clock();
  const base = { internal: false, rawDataStorageQuota: null, rawDataDownloadQuota: null, description: '', createdBy: 'test', updatedBy: 'test' };
  otherId = (
    await db
      .insertInto('tenants')
      .values({ code: 'other', name: 'Other', ...base, createdTime: now, updatedTime: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const passwordHash = await hashDigest(sha256Hex(SEED_PASSWORD));
  await createAccount(t.records, systemActor(otherId), { code: 'chief', name: 'Chief', role: 'tenant_admin', passwordHash, mustChangePassword: false });
  tokens.other = await api.token('other', 'chief');
});

/** A card of the space, as a training run's success would write it. */
async function card(tenantId: number, name: string, version: number | null, modelType: string, trainer: string, days: number, trainingRecordId: number) {
  const made = await t.records.create(systemActor(tenantId), modelCard, { name, version, modelType, trainer, trainingTime: at(days), trainingRecordId });
  return Number(made.id);
}

/** A structured dataset of four items. */
async function structuredDataset(name: string) {
  const set = await createSample(api, resourceOf('structured-dataset'), tokens.admin!);
  await loose(t.database.db).updateTable('structuredDatasets').set({ name }).where('id', '=', set.id).execute();
  const bag = await createSample(api, resourceOf('bag'), tokens.admin!);
  for (let i = 0; i < 4; i += 1)
    await t.records.create(systemActor(demoId), structuredData, {
      bagId: bag.id,
      structuredDatasetId: set.id,
      structureType: 'lerobot',
      version: `1.0.${i}`,
      robotSn: 'ROBOT-A',
    });
  return Number(set.id);
}

/** An evaluation record in `status`, with its run's results: the first `successes` of its four items succeeded. */
async function evaluation(modelCardId: number, structuredDatasetId: number, status: string, successes?: number) {
  const record: Record<string, unknown> = await t.records.create(systemActor(demoId), evaluationRecord, {
    name: `eval-${modelCardId}-${structuredDatasetId}-${status}`,
    modelCardId,
    structuredDatasetId,
    filteredDataCount: 4,
    status,
  });
  if (successes !== undefined) {
    const items = await evaluationItems(t.database.db, record);
    const results = items.map((item, i) => ({
      itemId: item.id,
      success: i < successes,
      progress: i < successes ? 1 : 0.5,
      durationMs: 1000,
      failureMode: null,
    }));
    await storeResults(t.database.db, record, results, t.clock());
  }
  return Number(record.id);
}

describe(`GET ${MODEL_OVERVIEW_PATH}`, () => {
  it('answers a space without models with no types', async () => {
    const reply = await overview('admin');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ types: [] });
  });

  it('groups the models by type, shows each by its newest version, and its newest successful evaluation per structured dataset', async () => {
    const record = Number((await createSample(api, resourceOf('training-record'), tokens.admin!)).id);
    const graspV1 = await card(demoId, 'grasp', 1, 'act', 'rd', 0, record);
    const graspV2 = await card(demoId, 'grasp', 2, 'act', 'rd', 1, record);
    const graspV3 = await card(demoId, 'grasp', 3, 'act', 'admin', 2, record);
    await card(demoId, 'fold', null, 'act', 'rd', 5, record);
    const stack = await card(demoId, 'stack', 1, 'pi0', 'rd', 3, record);
    // Another space's cards, one of the same name: never counted here.
    const otherRecord = await t.records.create(systemActor(otherId), resourceOf('training-record').entity, {
      name: 'intruder-run',
      task: 'train',
      foundationModel: 'act',
      config: '{}',
    });
    await card(otherId, 'grasp', 9, 'act', 'someone', 9, Number(otherRecord.id));
    await card(otherId, 'intruder', 1, 'gr00t', 'someone', 9, Number(otherRecord.id));

    const shelf = await structuredDataset('a-shelf-eval');
    const table = await structuredDataset('b-table-eval');
    await evaluation(graspV1, shelf, 'success', 4);
    const newestOnShelf = await evaluation(graspV2, shelf, 'success', 1);
    await evaluation(graspV3, shelf, 'failed'); // ended without a result: not a finished evaluation
    const onTable = await evaluation(graspV3, table, 'success', 3);
    await evaluation(graspV3, table, 'pending'); // not yet run
    await evaluation(stack, shelf, 'running');

    const reply = await overview('rd');
    expect(reply.status).toBe(200);
    const { types } = reply.body.data;
    expect(types.map((type: { modelType: string }) => type.modelType)).toEqual(['act', 'pi0']);
    const [act, pi0] = types;
    // Newest trained first.
    expect(act.models.map((model: { name: string }) => model.name)).toEqual(['fold', 'grasp']);
    const grasp = act.models[1];
    expect(grasp).toMatchObject({ name: 'grasp', modelCardId: graspV3, version: 3, versions: 3, trainer: 'admin', trainingTime: at(2) });
    expect(act.models[0]).toMatchObject({ name: 'fold', version: null, versions: 1, evaluations: [] });

    const onShelf = wilson(1, 4)!;
    expect(grasp.evaluations).toEqual([
      {
        evaluationRecordId: newestOnShelf,
        name: `eval-${graspV2}-${shelf}-success`,
        modelCardId: graspV2,
        modelVersion: 2,
        structuredDatasetId: shelf,
        structuredDatasetName: 'a-shelf-eval',
        trials: 4,
        successes: 1,
        interval: onShelf,
        meanProgress: 0.625,
        time: t.clock().toISOString(),
      },
      expect.objectContaining({ evaluationRecordId: onTable, modelVersion: 3, structuredDatasetName: 'b-table-eval', trials: 4, successes: 3 }),
    ]);
    // As the evaluation overview marks it: four trials say too little to rank on.
    expect(onShelf.tooFew).toBe(true);
    expect(pi0.models).toEqual([expect.objectContaining({ name: 'stack', modelCardId: stack, evaluations: [] })]);
    expect(JSON.stringify(types)).not.toContain('intruder');
  });

  it("shows another space's member only that space's models", async () => {
    const reply = await overview('other');
    expect(reply.status).toBe(200);
    expect(reply.body.data.types).toEqual([
      { modelType: 'act', models: [expect.objectContaining({ name: 'grasp', version: 9, versions: 1, evaluations: [] })] },
      { modelType: 'gr00t', models: [expect.objectContaining({ name: 'intruder' })] },
    ]);
  });

  it('is refused (403) to a member who reads no model card, as the card list is: a data collector', async () => {
    const reply = await overview('operator');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toMatchObject({ zh_CN: expect.any(String), en_US: expect.any(String) });
  });

  it('needs a session', async () => {
    expect((await api.get(MODEL_OVERVIEW_PATH)).status).toBe(403);
  });
});
