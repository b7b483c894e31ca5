import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../../server/db/server-secrets';
import { gitLineOf } from '../../server/modules/models/git-line';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
import { createSample, resourceOf } from './helpers/entities';
import { createTask, pythonForRuns, useDemoRuns, waitForStatus } from './helpers/runs';
import { useTestApp } from './helpers/test-app';

/**
 * A training run's success makes its model card: the files the run produced, kept with their size
 * and SHA-256, and the lineage the system knows (record, run, dataset versions, code, steps,
 * trainer). Nobody makes one by hand.
 */
const { t, api } = useTestApp();
let token: string;
let tenantId: number;
let image: number;

/** The model's bytes, as the run writes them and as the test expects them back. */
const WEIGHTS = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + (i >> 8)) % 256));
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const COMMIT = '3f2a9c1d4e5b6a7980f1e2d3c4b5a69788796a5b';

const TRAIN = [
  'import os',
  'out = os.environ["EDP_OUTPUT_DIR"]',
  'weights = bytes((i * 7 + (i >> 8)) % 256 for i in range(300000))',
  'open(os.path.join(out, "policy_step-50.safetensors"), "wb").write(weights)',
  'open(os.path.join(out, "config.json"), "w").write(\'{"chunk": 100}\')',
  'for step in range(1, 51):',
  '    print(f"##edp:metric loss={1 / step:.5f} step={step}")',
  `print("##edp:git commit=${COMMIT} branch=feature/grip")`,
  'for name in os.environ.get("EXTRA_FILES", "").split():',
  '    open(os.path.join(out, name), "w").write("x")',
].join('\n');

const demo = useDemoRuns(t, api);
beforeAll(async () => {
  ({ token, tenantId, image } = demo);
});

const cardsOf = async (recordId: number) =>
  (await sql<Record<string, unknown>>`select * from model_cards where training_record_id = ${recordId} order by version`.execute(t.database.db)).rows;
const runsOf = async (recordId: number) =>
  (await sql<{ id: number }>`select id from instances where training_record = ${recordId} order by id`.execute(t.database.db)).rows.map((row) =>
    Number(row.id),
  );

/** A training record of the task, over two of the space's published versions, started; resolves with its run once that ended. */
async function train(name: string, taskName: string, versions: number[]) {
  const created = await api.post('/training/training-record/create', { name, task: taskName, foundationModel: 'act', config: '{}' }, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id as number;
  for (const datasetVersionId of versions) {
    const linked = await api.post('/training/training-record-dataset/create', { trainingRecordId: id, datasetVersionId }, { token });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  }
  return { id, run: await startAndWait(id) };
}

async function startAndWait(recordId: number) {
  const started = await api.post('/training/training-record/start', { ids: [recordId] }, { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const run = (await runsOf(recordId)).at(-1)!;
  return waitForStatus(t, run, ['succeeded', 'failed', 'timed_out']);
}

/** Two published versions of the space, each of a dataset with a bag, with the content hash publishing gave them. */
async function publishedVersions() {
  const ids = [];
  for (let i = 0; i < 2; i += 1) ids.push(Number((await createSample(api, resourceOf('dataset-version'), token)).id));
  const { rows } = await sql<{ id: number; contentHash: string }>`
    select id, content_hash as "contentHash" from dataset_versions where id = any(${ids}::bigint[]) order by id`.execute(t.database.db);
  return rows.map((row) => ({ id: Number(row.id), contentHash: row.contentHash }));
}

describe('a printed git line', () => {
  it('names a commit and a branch, either alone; one pair out of shape makes it no git line', () => {
    expect(gitLineOf(`##edp:git commit=${COMMIT} branch=main`)).toEqual({ commit: COMMIT, branch: 'main' });
    expect(gitLineOf('##edp:git branch=release/1.2')).toEqual({ commit: null, branch: 'release/1.2' });
    expect(gitLineOf('##edp:git commit=abc tag=v1')).toBeNull();
    expect(gitLineOf('##edp:git commit=abc commit=def')).toBeNull();
    expect(gitLineOf('git commit=abc')).toBeNull();
  });
});

describe.skipIf(!pythonForRuns())('a training run that succeeds', () => {
  it('makes its model card with the files it wrote, their SHA-256, and the lineage back to its dataset versions', async () => {
    await createTask(t, tenantId, image, { name: 'train-model', taskType: 'training', code: TRAIN });
    const versions = await publishedVersions();
    expect(versions.every((version) => /^[0-9a-f]{64}$/.test(version.contentHash))).toBe(true);
    const { id, run } = await train(
      'grasp-policy',
      'train-model',
      versions.map((version) => version.id),
    );
    expect(run.status).toBe('succeeded');

    const [card] = await cardsOf(id);
    expect(card).toMatchObject({
      name: 'grasp-policy',
      version: 1,
      modelType: 'act',
      trainer: 'admin',
      trainingSteps: 50,
      trainingRecordId: id,
      instanceId: Number(run.id),
      fileName: 'policy_step-50.safetensors',
      gitCommit: COMMIT,
      gitBranch: 'feature/grip',
    });
    expect(new Date(String(card!.trainingTime)).getTime()).toBe(new Date(String(run.endTime)).getTime());

    const files = (await api.get(`/training/model-card/${card!.id}/files`, { token })).body.data.files;
    expect(files.map((file: { name: string; size: number; sha256: string }) => [file.name, file.size, file.sha256])).toEqual([
      ['config.json', 14, sha256('{"chunk": 100}')],
      ['policy_step-50.safetensors', WEIGHTS.length, sha256(WEIGHTS)],
    ]);
    const link = (await api.get(`/training/model-card/${card!.id}/files/policy_step-50.safetensors/link`, { token })).body.data.url as string;
    const downloaded = await t.app.inject({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') });
    expect(downloaded.statusCode).toBe(200);
    expect(sha256(downloaded.rawPayload)).toBe(sha256(WEIGHTS));
    expect((await api.get(`/training/model-card/${card!.id}/files/nothing.bin/link`, { token })).status).toBe(404);

    const lineage = (await api.get(`/training/model-card/${card!.id}/lineage`, { token })).body.data;
    expect(lineage.run).toMatchObject({ id: Number(run.id), taskName: 'train-model', status: 'succeeded' });
    expect(lineage.versions.map((version: { id: number; contentHash: string }) => [version.id, version.contentHash]).sort()).toEqual(
      versions.map((version) => [version.id, version.contentHash]).sort(),
    );

    // Trained again: the next version of the same card, the first one as it was.
    const again = await startAndWait(id);
    expect(again.status).toBe('succeeded');
    expect((await cardsOf(id)).map((each) => [each.version, each.instanceId])).toEqual([
      [1, Number(run.id)],
      [2, Number(again.id)],
    ]);
  });

  it("keeps a card's files when its run goes, and deletes them with the card", async () => {
    const [card] = await cardsOf((await api.get('/training/training-record/query', { token, query: { name: 'grasp-policy' } })).body.data.records[0].id);
    const keys = (await sql<{ key: string }>`select object_key as key from run_files where model_card_id = ${card!.id}`.execute(t.database.db)).rows;
    expect(keys).toHaveLength(2);
    expect((await api.post('/taskFlow/instance/delete', { ids: [card!.instanceId] }, { token })).status).toBe(200);
    for (const { key } of keys) expect(await t.storage.head(key)).not.toBeNull();
    expect((await api.get(`/training/model-card/${card!.id}/files`, { token })).body.data.files).toHaveLength(2);

    expect((await api.post('/training/model-card/delete', { ids: [card!.id] }, { token })).status).toBe(200);
    await expect.poll(async () => Promise.all(keys.map(({ key }) => t.storage.head(key)))).toEqual([null, null]);
    expect((await sql`select 1 from run_files where model_card_id = ${card!.id}`.execute(t.database.db)).rows).toEqual([]);
  });

  it('takes the code from the task’s environment when the run prints none, and makes a card without files when it stored none', async () => {
    await createTask(t, tenantId, image, {
      name: 'train-quiet',
      taskType: 'training',
      code: 'print("##edp:metric loss=1")',
      environment: 'GIT_COMMIT=ABCDEF1\nGIT_BRANCH=main',
    });
    const { id, run } = await train('quiet-policy', 'train-quiet', []);
    expect(run.status).toBe('succeeded');
    expect(await cardsOf(id)).toMatchObject([{ gitCommit: 'abcdef1', gitBranch: 'main', trainingSteps: 1, fileName: null }]);
  });

  it('fails, and makes no card, when a file it left is named against the rule', async () => {
    await createTask(t, tenantId, image, { name: 'train-badname', taskType: 'training', code: TRAIN, environment: 'EXTRA_FILES=bad+name.bin' });
    const { id, run } = await train('badname-policy', 'train-badname', []);
    expect(run).toMatchObject({ status: 'failed', failure: 'output', exitCode: 0 });
    expect(String(run.failureDetail)).toContain('bad+name.bin');
    expect(await cardsOf(id)).toEqual([]);
    await expect.poll(async () => (await api.get('/training/training-record/get', { token, query: { id: String(id) } })).body.data.status).toBe('failed');
  });
});

describe.skipIf(!pythonForRuns())('a run sending its files with its token', () => {
  it('stores each with its size and SHA-256 while it runs; a name against the rule is refused with nothing kept', async () => {
    await createTask(t, tenantId, image, { name: 'train-sends', taskType: 'training', code: 'import time\ntime.sleep(30)' });
    const created = await api.post(
      '/training/training-record/create',
      { name: 'sending', task: 'train-sends', foundationModel: 'pi0', config: '{}' },
      { token },
    );
    const id = created.body.data.id as number;
    await api.post('/training/training-record/start', { ids: [id] }, { token });
    const run = (await runsOf(id))[0]!;
    await waitForStatus(t, run, ['running']);
    const secret = await serverSecret(t.database.db, INSTANCE_TOKENS, new Date());
    const put = (name: string, body: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/taskFlow/instance/${run}/output-files/${name}`,
        headers: { authorization: `Bearer ${instanceToken(secret, run)}`, 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const sent = await put('model.pt', WEIGHTS);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ name: 'model.pt', size: WEIGHTS.length, sha256: sha256(WEIGHTS) });
    for (const name of ['bad%20name.pt', '...', 'a%2Fb.pt']) {
      const refused = await put(name, Buffer.from('x'));
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    expect((await sql<{ name: string }>`select name from run_files where instance_id = ${run}`.execute(t.database.db)).rows.map((row) => row.name)).toEqual([
      'model.pt',
    ]);
    await api.post('/training/training-record/stop', { ids: [id] }, { token });
  });
});

describe('model cards', () => {
  it('are made by training runs, never by a person', async () => {
    const refused = await api.post('/training/model-card/create', { name: 'typed', modelType: 'act', trainer: 'admin' }, { token });
    expect(refused.status).toBe(403);
    expect((await sql`select 1 from model_cards where name = 'typed'`.execute(t.database.db)).rows).toEqual([]);
  });
});
