import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/modules/access-keys/access-key-hooks';
import { seedTaskFlowConsole } from '../../server/modules/demo/task-flow-console';
import { entryByPath } from '../../model/resources/index';
import { instance } from '../../model/schemas/instance';
import { systemActor } from '../../server/engine/actor';
import { ACCOUNTS, nameOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** Spec §4/§5 rules of tasks, instances, access keys and file uploads, beyond the generated suite. */
const { t, api } = useTestApp();
const tokens = new Map<string, string>();
let imageId: number;
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
  const image = await api.post(
    '/console/task-image/create',
    { name: 'Bag tools', image: 'registry.edp.local/edp/bag-tools:1.8.0', entrypoint: 'python3 -u' },
    as('platform/admin'),
  );
  imageId = image.body.data.id;
  const demo = await sql<{ id: number }>`select id from tenants where code = 'demo'`.execute(t.database.db);
  await t.records.transaction((records, db) => seedTaskFlowConsole({ db, records }, Number(demo.rows[0]!.id), t.clock()));
});
function as(who: string) {
  return { token: tokens.get(who)! };
}
const count = async (path: string, query: Record<string, string>, who = 'demo/rd') => (await api.get(`${path}/query`, { ...as(who), query })).body.data.total;

describe('tasks (spec §5)', () => {
  const valid = (name: string) => ({
    name,
    owner: 'rd',
    taskType: 'data_processing',
    taskCategory: 'development',
    triggerType: 'manual',
    image: imageId,
    memory: 16 * 1024 ** 3,
    timeoutTime: 3600,
  });

  it.each([
    [{ environment: 'FPS=5\nWINDOW=10\nFPS=10' }, 'environment', '环境变量中的键 FPS 重复'],
    [{ environment: 'FPS=5\noops' }, 'environment', '环境变量每行须为 key=value 格式：oops'],
    [{ memory: 1024 ** 2 - 1 }, 'memory', '内存须在 1MB 到 512GB 之间'],
    [{ memory: 512 * 1024 ** 3 + 1 }, 'memory', '内存须在 1MB 到 512GB 之间'],
    [{ memory: 1.5 * 1024 ** 2 + 0.5 }, 'memory', '内存须在 1MB 到 512GB 之间'],
    [{ gpuCards: 9 }, 'gpuCards', 'GPU 卡数不能大于8'],
    [{ triggerType: 'scheduled' }, 'cronExpression', '定时触发须填写 Cron 表达式'],
    [{ triggerType: 'scheduled', cronExpression: 'every night' }, 'cronExpression', 'Cron 表达式格式不正确（5 段：分 时 日 月 周，如 0 2 * * *）'],
    // Parsed as the scheduler parses it (croner), not only shaped like cron.
    [{ triggerType: 'scheduled', cronExpression: '61 * * * *' }, 'cronExpression', 'Cron 表达式格式不正确（5 段：分 时 日 月 周，如 0 2 * * *）'],
    [{ triggerType: 'scheduled', cronExpression: '* * * *' }, 'cronExpression', 'Cron 表达式格式不正确（5 段：分 时 日 月 周，如 0 2 * * *）'],
    [{ triggerType: 'scheduled', cronExpression: '0 0 2 * * *' }, 'cronExpression', 'Cron 表达式格式不正确（5 段：分 时 日 月 周，如 0 2 * * *）'],
    [{ triggerType: 'scheduled', cronExpression: '0 2 30 2 *' }, 'cronExpression', 'Cron 表达式永远不会触发（指定的日期不存在，如 2 月 30 日）'],
    [{ triggerType: 'scheduled', cronExpression: '0 2 * * *', timezone: 'Mars/Olympus_Mons' }, 'timezone', '时区须为可选值之一'],
    [{ allowOverlap: 'yes' }, 'allowOverlap', '允许重叠运行格式不正确'],
    [{ image: 987654 }, 'image', '任务镜像引用的记录不存在'],
  ])('refuses %o and writes nothing', async (change, field, zh) => {
    const reply = await api.post('/taskFlow/task/create', { ...valid('refused-task'), ...change }, as('demo/rd'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field } });
    expect(await count('/taskFlow/task', { name: 'refused-task' })).toBe(0);
  });

  it('accepts memory of exactly 1MB and 512GB, distinct keys and a scheduled task with its cron', async () => {
    const small = await api.post('/taskFlow/task/create', { ...valid('mem-min'), memory: 1024 ** 2, environment: 'A=1\nB=a=b' }, as('demo/rd'));
    expect(small.status).toBe(200);
    expect(small.body.data).toMatchObject({ memory: 1024 ** 2, environment: 'A=1\nB=a=b', status: 'active' });
    expect((await api.post('/taskFlow/task/create', { ...valid('mem-max'), memory: 512 * 1024 ** 3, gpuCards: 8 }, as('demo/rd'))).status).toBe(200);
    const nightly = await api.post('/taskFlow/task/create', { ...valid('nightly'), triggerType: 'scheduled', cronExpression: '0 2 * * *' }, as('demo/rd'));
    expect(nightly.status).toBe(200);
  });

  it('reads a schedule in Asia/Shanghai and skips overlapping fires unless told otherwise', async () => {
    const nightly = await api.post(
      '/taskFlow/task/create',
      { ...valid('zoned-default'), triggerType: 'scheduled', cronExpression: '0 2 * * *' },
      as('demo/rd'),
    );
    expect(nightly.body.data).toMatchObject({ cronExpression: '0 2 * * *', timezone: 'Asia/Shanghai', allowOverlap: false });
    const berlin = await api.post(
      '/taskFlow/task/create',
      { ...valid('zoned-berlin'), triggerType: 'scheduled', cronExpression: '@daily', timezone: 'Europe/Berlin', allowOverlap: true },
      as('demo/rd'),
    );
    expect(berlin.body.data).toMatchObject({ cronExpression: '@daily', timezone: 'Europe/Berlin', allowOverlap: true });
    const { id, updatedTime } = berlin.body.data;
    const cleared = await api.post('/taskFlow/task/update', { id, updatedTime, timezone: '', cronExpression: '*/15 9-18 * * 1-5' }, as('demo/rd'));
    expect(cleared.body.data).toMatchObject({ timezone: 'Asia/Shanghai', allowOverlap: true, cronExpression: '*/15 9-18 * * 1-5' });
  });

  it('checks the cron rule on the record as updated', async () => {
    const created = (await api.post('/taskFlow/task/create', valid('to-schedule'), as('demo/rd'))).body.data;
    const refused = await api.post('/taskFlow/task/update', { id: created.id, updatedTime: created.updatedTime, triggerType: 'scheduled' }, as('demo/rd'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: { zh_CN: '定时触发须填写 Cron 表达式' }, data: { field: 'cronExpression' } });
    const malformed = await api.post(
      '/taskFlow/task/update',
      { id: created.id, updatedTime: created.updatedTime, triggerType: 'scheduled', cronExpression: '0 24 * * *' },
      as('demo/rd'),
    );
    expect(malformed.body).toMatchObject({ message: { en_US: 'The cron expression is malformed (5 fields: minute hour day month weekday, e.g. 0 2 * * *)' } });
    const scheduled = await api.post(
      '/taskFlow/task/update',
      { id: created.id, updatedTime: created.updatedTime, triggerType: 'scheduled', cronExpression: '*/30 * * * *' },
      as('demo/rd'),
    );
    expect(scheduled.body.data).toMatchObject({ triggerType: 'scheduled', cronExpression: '*/30 * * * *' });
  });

  it('removes a task and restores it (spec §4), and refuses the wrong way round', async () => {
    const { id } = (await api.post('/taskFlow/task/create', valid('kept-task'), as('demo/rd'))).body.data;
    const step = (action: string) => api.post(`/taskFlow/task/${action}`, { ids: [id] }, as('demo/rd'));
    expect((await step('restore')).body.message.zh_CN).toBe('当前状态（正常）不能执行“恢复”');
    expect((await step('remove')).body.data[0].status).toBe('deleted');
    expect(await count('/taskFlow/task', { name: 'kept-task', status: 'deleted' })).toBe(1);
    expect((await step('remove')).status).toBe(409);
    expect((await step('restore')).body.data[0].status).toBe('active');
  });

  it('lists production tasks on the operations page: a view of the same API', () => {
    const [dev, ops] = [entryByPath.get('/taskFlow/dev/task')!, entryByPath.get('/taskFlow/ops/task')!];
    expect([dev.api, ops.api]).toEqual(['/taskFlow/task', '/taskFlow/task']);
    expect(ops.preset).toEqual({ taskCategory: 'production' });
    expect(entryByPath.get('/taskFlow/dev/task/:id')?.view).toBe('show');
  });

  it('seeds tasks with their image, environment and code', async () => {
    const [nightly] = (await api.get('/taskFlow/task/query', { ...as('demo/rd'), query: { name: 'bag-slice-nightly' } })).body.data.records;
    expect(nightly).toMatchObject({
      memory: 16 * 1024 ** 3,
      triggerType: 'scheduled',
      cronExpression: '0 2 * * *',
      image: imageId,
      taskCategory: 'production',
    });
    expect(nightly.environment).toContain('WINDOW_SECONDS=10');
    // Code that runs here as it is: the standard library only, reporting its progress.
    expect(nightly.code).toContain('##edp:progress');
    expect(await count('/taskFlow/task', { taskCategory: 'production' })).toBeGreaterThan(0);
  });
});

describe('instances (spec §4)', () => {
  it('are written by the task runner only: nobody creates or edits one', async () => {
    const [running] = (await api.get('/taskFlow/instance/query', as('demo/rd'))).body.data.records;
    for (const who of ['platform/admin', 'demo/admin', 'demo/rd']) {
      const created = await api.post(
        '/taskFlow/instance/create',
        { taskName: 'x', k8sJobName: 'edp-job-x', triggerType: 'manual', task: running.task },
        as(who),
      );
      expect(created.status).toBe(403);
      expect((await api.post('/taskFlow/instance/update', { id: running.id, updatedTime: running.updatedTime }, as(who))).status).toBe(403);
    }
    expect((await api.get('/taskFlow/instance/query', as('demo/operator'))).status).toBe(403);
  });

  it('terminates a running instance, and only a running one', async () => {
    const of = async (status: string) => (await api.get('/taskFlow/instance/query', { ...as('demo/rd'), query: { status } })).body.data.records;
    // The demo's runs have all ended; a runner's pending and running ones, as the system writes them.
    const [past] = await of('succeeded');
    expect(past.k8sJobName).toMatch(/^edp-job-[a-z0-9]{5}$/);
    const tenantId = Number(past.tenantId);
    for (const status of ['pending', 'running'])
      await t.records.create(systemActor(tenantId), instance, {
        task: past.task,
        taskName: past.taskName,
        triggerType: 'manual',
        triggerPerson: 'rd',
        timeout: 60,
        k8sJobName: `edp-job-${status}`,
        status,
      });
    const [running] = await of('running');
    const terminated = await api.post('/taskFlow/instance/terminate', { ids: [running.id] }, as('demo/rd'));
    expect(terminated.body.data[0].status).toBe('terminated');
    for (const status of ['pending', 'succeeded', 'failed', 'terminated']) {
      const [other] = await of(status);
      const refused = await api.post('/taskFlow/instance/terminate', { ids: [other.id] }, as('demo/rd'));
      expect(refused.status, status).toBe(409);
    }
    const [succeeded] = await of('succeeded');
    expect((await api.post('/taskFlow/instance/terminate', { ids: [succeeded.id] }, as('demo/rd'))).body.message.zh_CN).toBe('当前状态（成功）不能执行“终止”');
  });

  it("points at its task, whose page lists the task's instances", async () => {
    const [nightly] = (await api.get('/taskFlow/task/query', { ...as('demo/rd'), query: { name: 'bag-slice-nightly' } })).body.data.records;
    const runs = (await api.get('/taskFlow/instance/query', { ...as('demo/rd'), query: { task: String(nightly.id) } })).body.data.records;
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((run: { taskName: string }) => run.taskName === 'bag-slice-nightly')).toBe(true);
    expect(entryByPath.get('/taskFlow/ops/instanceDetail/:instanceId')?.view).toBe('show');
    expect(entryByPath.get('/taskFlow/ops/instanceLog/:instanceId')?.view).toBeUndefined();
  });
});

describe('access keys', () => {
  it('generates the id and a secret shown once, keeps only its hash, and belongs to its creator', async () => {
    const reply = await api.post('/console/access-key/create', { name: 'ci', owner: 'admin', accessKeyId: 'MINE' }, as('demo/rd'));
    expect(reply.status).toBe(200);
    const { accessKeyId, secret } = reply.body.data.extras.accessKey;
    expect(accessKeyId).toMatch(/^EDPAK[A-Z2-7]{16}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(reply.body.data).toMatchObject({ accessKeyId, owner: 'rd', status: 'enabled', secretHash: '' });

    const got = await api.get('/console/access-key/get', { ...as('demo/rd'), query: { id: String(reply.body.data.id) } });
    expect(got.body.data).toMatchObject({ accessKeyId, owner: 'rd', secretHash: '' });
    expect(JSON.stringify(got.body)).not.toContain(secret);
    const stored = await sql<{ secretHash: string }>`select secret_hash from access_keys where id = ${reply.body.data.id}`.execute(t.database.db);
    expect(stored.rows[0]!.secretHash).toBe(hashSecret(secret));
    expect(await count('/console/access-key', { owner: 'rd', accessKeyId })).toBe(1);
  });

  it('is disabled and enabled again', async () => {
    const { id } = (await api.post('/console/access-key/create', { name: 'laptop' }, as('demo/admin'))).body.data;
    const step = (action: string) => api.post(`/console/access-key/${action}`, { ids: [id] }, as('demo/admin'));
    expect((await step('enable')).status).toBe(409);
    expect((await step('disable')).body.data[0].status).toBe('disabled');
    expect((await step('enable')).body.data[0].status).toBe('enabled');
  });

  it("lists the signed-in account's own keys from the personal centre", async () => {
    const route = entryByPath.get('/console/space/access-key')!;
    expect(route).toMatchObject({ hidden: true, preset: { owner: '$me' }, api: '/console/access-key' });
    expect(await count('/console/access-key', { owner: 'admin' }, 'demo/admin')).toBeGreaterThan(0);
  });
});

describe('file upload records', () => {
  it('are written by the upload flow only, and seeded in every status and stage', async () => {
    const created = await api.post('/console/file-upload/create', { fileName: 'a.mcap', objectKey: 'raw/a.mcap', uploadId: 'u-1' }, as('demo/admin'));
    expect(created.status).toBe(403);
    for (const status of ['SUCCESS', 'FAILED', 'PROCESSING', 'PENDING']) expect(await count('/console/file-upload', { status }), status).toBeGreaterThan(0);
    for (const stage of ['md5', 'parsing', 'waiting', 'completed']) expect(await count('/console/file-upload', { stage }), stage).toBeGreaterThan(0);
    const [first] = (await api.get('/console/file-upload/query', { ...as('demo/rd'), query: { fileName: 'UR5E-A012_20261102_0930' } })).body.data.records;
    expect(first).toMatchObject({ objectKey: 'raw/2026/11/UR5E-A012_20261102_0930.mcap', status: 'SUCCESS', stage: 'completed', createdBy: 'operator' });
  });
});
