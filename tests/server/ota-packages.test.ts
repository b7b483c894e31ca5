import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ctRecord } from '../../model/schemas/ct-record';
import { modelExport } from '../../model/schemas/model-export';
import { claimRunFiles, storeRunFile } from '../../server/modules/runs/run-files';
import { systemActor } from '../../server/engine/actor';
import { createSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';
import { beat, robotWithKey } from './robots/robot-helpers';

/**
 * Spec §3 official upgrade (OTA) packages: made only from an artifact that has passed its CT, one
 * ACTIVE per artifact type and space (the one before withdrawn in the same write, audited), and
 * named in the heartbeat answers of that space's robots.
 */
const { t, api } = useTestApp();
const tokens: Record<'platform' | 'demoAdmin' | 'rd', string> = { platform: '', demoAdmin: '', rd: '' };
const spaces: Record<'platform' | 'demo', number> = { platform: 0, demo: 0 };
beforeAll(async () => {
  tokens.platform = await api.token('platform', 'admin', SEED_PASSWORD);
  tokens.demoAdmin = await api.token('demo', 'admin', SEED_PASSWORD);
  tokens.rd = await api.token('demo', 'rd', SEED_PASSWORD);
  for (const code of ['platform', 'demo'] as const)
    spaces[code] = Number((await t.database.db.selectFrom('tenants').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
});

let made = 0;
type Space = keyof typeof spaces;
const tokenOf = (space: Space) => (space === 'demo' ? tokens.rd : tokens.platform);

/** An artifact of the space, made by its staff through the API. */
async function artifactIn(space: Space, type = 'release', arch = 'aarch64'): Promise<{ id: number; version: string }> {
  made += 1;
  const version = `9.${made}.0-ota`;
  const gitCommit = made.toString(16).padStart(40, 'c');
  const reply = await api.post('/deployment/artifact/create', { version, type, arch, gitBranch: 'main', gitCommit }, { token: tokenOf(space) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.data.id, version };
}

/** A CT run of the artifact that ended as `status`, reported as its runner would (the clock moves on a second first, so each ends later). */
async function ctRun(space: Space, artifactId: number, status: 'success' | 'failed' | 'processing') {
  t.clock.advance(1000);
  const record = await createSample(api, resourceOf('ct-record'), tokenOf(space), { artifact: artifactId });
  if (status !== 'processing') await t.records.update(systemActor(spaces[space]), ctRecord, { id: record.id, status });
  return record.id;
}

/** An artifact that has passed its CT. */
async function passedArtifact(space: Space, type = 'release', arch = 'aarch64') {
  const made = await artifactIn(space, type, arch);
  await ctRun(space, made.id, 'success');
  return made;
}

let versions = 0;
const create = (atcArtifactId: number, token = tokens.platform) =>
  api.post('/console/ota-package/create', { officialVersion: `5.${(versions += 1)}.0`, atcArtifactId, description: 'test' }, { token });

async function packageOf(artifactId: number): Promise<{ id: number; status: string; updatedTime: string }> {
  const reply = await create(artifactId);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

const activate = (...ids: number[]) => api.post('/console/ota-package/activate', { ids }, { token: tokens.platform });
const statusOf = async (id: number) =>
  String(
    (
      (await t.database.db
        .selectFrom('ota_packages' as never)
        .select('status' as never)
        .where('id' as never, '=', id as never)
        .executeTakeFirstOrThrow()) as { status: string }
    ).status,
  );
const packageCount = async () => Number((await sql<{ n: string }>`select count(*) as n from ota_packages`.execute(t.database.db)).rows[0]!.n);

describe('making a package', () => {
  it('is refused for an artifact that does not exist, in both languages, and writes nothing', async () => {
    const before = await packageCount();
    const reply = await create(987_654);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      message: { zh_CN: 'ATC 制品 987654 不存在', en_US: 'ATC artifact 987654 does not exist' },
      data: { field: 'atcArtifactId' },
    });
    expect(await packageCount()).toBe(before);
  });

  it('is refused for an artifact without a passed CT: none, one still running, only failures, or a failure after the latest success', async () => {
    const before = await packageCount();
    const none = await artifactIn('demo');
    const running = await artifactIn('demo');
    await ctRun('demo', running.id, 'processing');
    const failed = await artifactIn('demo');
    await ctRun('demo', failed.id, 'failed');
    const regressed = await artifactIn('demo');
    await ctRun('demo', regressed.id, 'success');
    await ctRun('demo', regressed.id, 'failed');
    for (const artifact of [none, running, failed, regressed]) {
      const reply = await create(artifact.id);
      expect(reply.status, artifact.version).toBe(400);
      expect(reply.body.data).toEqual({ field: 'atcArtifactId' });
      expect(reply.body.message.zh_CN).toContain(`ATC 制品 ${artifact.id}（${artifact.version}）尚未通过 CT 测试`);
      expect(reply.body.message.en_US).toContain(`ATC artifact ${artifact.id} (${artifact.version}) has not passed its CT`);
    }
    expect(await packageCount()).toBe(before);
    // A success after the failure passes again.
    await ctRun('demo', regressed.id, 'success');
    expect((await create(regressed.id)).status).toBe(200);
  });

  it("keeps the artifact's space, type, arch and version, which the list shows; the artifact is fixed once chosen", async () => {
    const artifact = await passedArtifact('demo', 'nightly', 'x86_64');
    const created = await packageOf(artifact.id);
    expect(created).toMatchObject({
      atcArtifactId: artifact.id,
      artifactTenantId: spaces.demo,
      artifactType: 'nightly',
      artifactArch: 'x86_64',
      artifactVersion: artifact.version,
    });
    const listed = await api.get('/console/ota-package/query', { token: tokens.platform, query: { atcArtifactId: String(artifact.id) } });
    expect(listed.body.data.records).toEqual([expect.objectContaining({ id: created.id, titles: { artifactTenantId: expect.any(String) } })]);
    const other = await passedArtifact('demo');
    const update = await api.post(
      '/console/ota-package/update',
      { id: created.id, updatedTime: created.updatedTime, atcArtifactId: other.id, artifactType: 'dev' },
      { token: tokens.platform },
    );
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ atcArtifactId: artifact.id, artifactType: 'nightly' });
  });

  it('is for the platform administrator alone: space administrators and staff are refused', async () => {
    const artifact = await passedArtifact('demo');
    for (const token of [tokens.demoAdmin, tokens.rd]) {
      expect((await create(artifact.id, token)).status).toBe(403);
      expect((await api.get('/console/ota-package/query', { token })).status).toBe(403);
    }
    const made = await packageOf(artifact.id);
    for (const token of [tokens.demoAdmin, tokens.rd])
      expect((await api.post('/console/ota-package/activate', { ids: [made.id] }, { token })).status).toBe(403);
    expect(await statusOf(made.id)).toBe('PENDING');
  });
});

describe('one ACTIVE package per artifact type and space', () => {
  it('activating one withdraws the one before it, in the same write, audited as the person who activated', async () => {
    const first = await packageOf((await passedArtifact('demo', 'dev')).id);
    const second = await packageOf((await passedArtifact('demo', 'dev', 'x86_64')).id);
    expect((await activate(first.id)).status).toBe(200);
    const reply = await activate(second.id);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([expect.objectContaining({ id: second.id, status: 'ACTIVE' })]);
    expect(await statusOf(first.id)).toBe('INACTIVE');
    const { rows } = await sql<{ action: string; transition: string; actorKind: string; createdBy: string }>`
      select action, transition, actor_kind, created_by from audit_events where entity = 'ota-package' and record_id = ${first.id} order by id`.execute(
      t.database.db,
    );
    expect(rows.map((row) => row.transition || row.action)).toEqual(['create', 'activate', 'deactivate']);
    expect(rows.at(-1)).toMatchObject({ action: 'transition', actorKind: 'person', createdBy: 'admin' });
  });

  it('leaves other spaces and other types alone', async () => {
    const demoRelease = await packageOf((await passedArtifact('demo', 'release')).id);
    const platformRelease = await packageOf((await passedArtifact('platform', 'release')).id);
    const demoNightly = await packageOf((await passedArtifact('demo', 'nightly')).id);
    for (const made of [demoRelease, platformRelease, demoNightly]) expect((await activate(made.id)).status).toBe(200);
    for (const made of [demoRelease, platformRelease, demoNightly]) expect(await statusOf(made.id)).toBe('ACTIVE');
  });

  it('refuses activating two of one type and space in one call', async () => {
    const one = await packageOf((await passedArtifact('platform', 'dev')).id);
    const two = await packageOf((await passedArtifact('platform', 'dev')).id);
    const reply = await activate(one.id, two.id);
    expect(reply.status).toBe(409);
    expect(reply.body.message.en_US).toContain('Only one package per artifact type and space can be active');
    expect([await statusOf(one.id), await statusOf(two.id)]).toEqual(['PENDING', 'PENDING']);
  });

  it('ends with exactly one ACTIVE when several are activated at once', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(async () => packageOf((await passedArtifact('platform', 'nightly')).id)));
    const replies = await Promise.all(made.map((each) => activate(each.id)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    const statuses = await Promise.all(made.map((each) => statusOf(each.id)));
    expect(statuses.filter((status) => status === 'ACTIVE')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'INACTIVE')).toHaveLength(3);
  });

  it('is held by the database too: a second ACTIVE row of the slot is refused', async () => {
    const one = await packageOf((await passedArtifact('demo', 'release', 'x86_64')).id);
    const two = await packageOf((await passedArtifact('demo', 'release', 'x86_64')).id);
    expect((await activate(one.id)).status).toBe(200);
    await expect(sql`update ota_packages set status = 'ACTIVE' where id = ${two.id}`.execute(t.database.db)).rejects.toMatchObject({ code: '23505' });
  });

  it('checks the CT again when activating: an artifact whose newer CT failed is not published', async () => {
    const artifact = await passedArtifact('demo', 'dev');
    const made = await packageOf(artifact.id);
    await ctRun('demo', artifact.id, 'failed');
    const reply = await activate(made.id);
    expect(reply.status).toBe(400);
    expect(reply.body.message.en_US).toContain('has not passed its CT');
    expect(await statusOf(made.id)).toBe('PENDING');
  });
});

describe('the artifact a package publishes', () => {
  it('keeps its version, type and arch, and is not deleted', async () => {
    const artifact = await passedArtifact('demo', 'dev');
    await packageOf(artifact.id);
    const current = (await api.get('/deployment/artifact/get', { token: tokens.rd, query: { id: String(artifact.id) } })).body.data;
    const changed = await api.post('/deployment/artifact/update', { id: artifact.id, updatedTime: current.updatedTime, type: 'release' }, { token: tokens.rd });
    expect(changed.status).toBe(409);
    expect(changed.body.message.en_US).toContain('publishes this artifact');
    const renamed = await api.post(
      '/deployment/artifact/update',
      { id: artifact.id, updatedTime: current.updatedTime, gitBranch: 'release/9' },
      { token: tokens.rd },
    );
    expect(renamed.status).toBe(200);
    expect((await api.post('/deployment/artifact/delete', { ids: [artifact.id] }, { token: tokens.rd })).status).toBe(409);
  });
});

describe("a robot's heartbeat", () => {
  it('is answered with the ACTIVE packages of its space, one per artifact type, and none of another space', async () => {
    const robot = await robotWithKey(api, tokens.rd, 'OTA-ROBOT-1');
    // The space's current ACTIVE ones, whatever the tests before left.
    const nightly = await passedArtifact('demo', 'nightly', 'x86_64');
    const nightlyPackage = await packageOf(nightly.id);
    expect((await activate(nightlyPackage.id)).status).toBe(200);
    const release = await passedArtifact('demo', 'release');
    const releasePackage = await packageOf(release.id);
    expect((await activate(releasePackage.id)).status).toBe(200);
    const elsewhere = await packageOf((await passedArtifact('platform', 'dev')).id);
    expect((await activate(elsewhere.id)).status).toBe(200);
    const pending = await packageOf((await passedArtifact('demo', 'release')).id);

    const answer = await beat(api, robot);
    expect(answer.status).toBe(200);
    const offers = answer.body.data.ota as { id: number }[];
    const { rows } = await sql<{ id: string }>`select id from ota_packages where status = 'ACTIVE' and artifact_tenant_id = ${spaces.demo}`.execute(
      t.database.db,
    );
    expect(offers.map((offer) => offer.id).sort()).toEqual(rows.map((row) => Number(row.id)).sort());
    expect(offers).toContainEqual({
      id: releasePackage.id,
      officialVersion: expect.stringMatching(/^5\.\d+\.0$/),
      artifactId: release.id,
      artifactType: 'release',
      arch: 'aarch64',
      artifactVersion: release.version,
      files: [], // it ships no export
    });
    expect(offers).toContainEqual(expect.objectContaining({ id: nightlyPackage.id, artifactType: 'nightly', arch: 'x86_64' }));
    expect(offers.map((offer) => offer.id)).not.toContain(elsewhere.id);
    expect(offers.map((offer) => offer.id)).not.toContain(pending.id);
    expect(new Set((offers as unknown as { artifactType: string }[]).map((offer) => offer.artifactType)).size).toBe(offers.length);

    // Withdrawn, it is no longer offered.
    expect((await api.post('/console/ota-package/deactivate', { ids: [releasePackage.id] }, { token: tokens.platform })).status).toBe(200);
    const after = (await beat(api, robot)).body.data.ota as { id: number }[];
    expect(after.map((offer) => offer.id)).not.toContain(releasePackage.id);
    expect(after.map((offer) => offer.id)).toContain(nightlyPackage.id);
  });
});

describe('an offered package', () => {
  it('lists the files of the exports its artifact ships, with size, SHA-256 and a signed link that downloads them', async () => {
    const robot = await robotWithKey(api, tokens.rd, 'OTA-ROBOT-FILES');
    const shipped = await passedArtifact('demo', 'dev', 'x86_64');
    // An export whose run wrote its artifact, as the export's success claims it.
    const exported = await createSample(api, resourceOf('model-export'), tokens.rd);
    await t.records.update(systemActor(spaces.demo), modelExport, { id: exported.id, status: 'success' });
    const bytes = Buffer.from('an exported policy, as its run wrote it');
    const instanceId = 9_000_000 + exported.id;
    await storeRunFile(t.database.db, t.storage, { id: instanceId, tenantId: spaces.demo }, 'policy.onnx', Readable.from([bytes]), t.clock());
    await claimRunFiles(t.database.db, instanceId, 'model_export_id', exported.id);
    const link = await api.post('/deployment/artifact-model/create', { artifactId: shipped.id, modelExportId: exported.id }, { token: tokens.rd });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const published = await packageOf(shipped.id);
    expect((await activate(published.id)).status).toBe(200);

    const offers = (await beat(api, robot)).body.data.ota as {
      id: number;
      files: { model: string; name: string; size: number; sha256: string; url: string }[];
    }[];
    const { files } = offers.find((offer) => offer.id === published.id)!;
    const { targetModelId } = (await api.get('/training/model-export/get', { token: tokens.rd, query: { id: String(exported.id) } })).body.data;
    expect(files).toEqual([
      { model: targetModelId, name: 'policy.onnx', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), url: expect.any(String) },
    ]);
    const download = await t.app.inject({ method: 'GET', url: files[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });
});
