import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, createSample, nameOf, prepareSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** The §5 rules and domain behaviour of the declared entities, beyond what the generated suite covers. */
const { t, api } = useTestApp();
const tokens = new Map<string, string>();
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
});
const as = (who: string) => ({ token: tokens.get(who)! });

describe('tenants', () => {
  it('creates the space with its administrator, who signs in with the one-time password and must change it', async () => {
    const reply = await api.post(
      '/console/tenant/create',
      { code: 'lab-1', name: 'Lab One', rawDataStorageQuota: { limited: true, amount: 5_000_000 }, adminCode: 'chief', adminName: 'Chief' },
      as('platform/admin'),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      code: 'lab-1',
      internal: false,
      rawDataStorageQuota: { limited: true, amount: 5_000_000 },
      rawDataDownloadQuota: { limited: false, amount: null },
    });
    const { password, code, role } = reply.body.data.extras.admin;
    expect([code, role]).toEqual(['chief', 'tenant_admin']);
    const signIn = await api.signIn('lab-1', 'chief', password);
    expect(signIn.body.data.account.mustChangePassword).toBe(true);
  });

  it.each([
    [{ limited: true, amount: -1 }, 'rawDataStorageQuota.amount'],
    [{ limited: true, amount: 1.5 }, 'rawDataStorageQuota.amount'],
    [{ limited: true }, 'rawDataStorageQuota.amount'],
  ])('refuses the storage quota %o: integers of 0 or more', async (quota, field) => {
    const reply = await api.post(
      '/console/tenant/create',
      { code: 'bad-quota', name: 'Bad', rawDataStorageQuota: quota, adminCode: 'x', adminName: 'X' },
      as('platform/admin'),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '配额须为不小于0的整数' }, data: { field } });
    expect((await api.get('/console/tenant/query', { ...as('platform/admin'), query: { code: 'bad-quota' } })).body.data.total).toBe(0);
  });

  it("refuses a duplicate code, a malformed one, and deleting the platform's own space", async () => {
    const duplicate = await api.post('/console/tenant/create', { code: 'demo', name: 'Another demo', adminCode: 'a', adminName: 'A' }, as('platform/admin'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: { zh_CN: '空间编码已存在' }, data: { field: 'code' } });
    const malformed = await api.post('/console/tenant/create', { code: '-x', name: 'X', adminCode: 'a', adminName: 'A' }, as('platform/admin'));
    expect(malformed.body.message.zh_CN).toBe('空间编码须以字母或数字开头，只含字母、数字、_ 和 -');
    const platform = (await api.get('/console/tenant/query', { ...as('platform/admin'), query: { code: 'platform' } })).body.data.records[0];
    const refused = await api.post('/console/tenant/delete', { ids: [platform.id] }, as('platform/admin'));
    expect(refused.status).toBe(400);
    expect(refused.body.message.zh_CN).toBe('平台内部空间不能删除');
  });

  it('is not editable for its code (create only)', async () => {
    const space = await createSample(api, resourceOf('tenant'), tokens.get('platform/admin')!);
    const reply = await api.post(
      '/console/tenant/update',
      { id: space.id, updatedTime: space.updatedTime, code: 'renamed', name: 'Renamed' },
      as('platform/admin'),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ code: space.code, name: 'Renamed' });
  });
});

describe('template tasks (spec §5)', () => {
  const valid = async () => ({
    name: 'Train ACT policy',
    taskType: 'training',
    taskUsage: 'system',
    triggerType: 'manual',
    taskImageId: (await createSample(api, resourceOf('task-image'), tokens.get('platform/admin')!)).id,
    taskConfStr: '{"epochs": 10}',
  });
  it.each([
    [{ name: 'n'.repeat(101) }, 'name', '任务名称不能超过100个字符'],
    [{ description: 'd'.repeat(501) }, 'description', '描述不能超过500个字符'],
    [{ taskConfStr: '{"epochs": ' }, 'taskConfStr', '任务配置须为合法的 JSON'],
    [{ taskImageId: 987654 }, 'taskImageId', '任务镜像引用的记录不存在'],
    [{ taskType: 'mining' }, 'taskType', '任务类型须为可选值之一'],
  ])('refuses %o', async (change, field, zh) => {
    const reply = await api.post('/console/template-task/create', { ...(await valid()), ...change }, as('platform/admin'));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field } });
  });

  it('accepts the limits exactly', async () => {
    const reply = await api.post(
      '/console/template-task/create',
      { ...(await valid()), name: 'n'.repeat(100), description: 'd'.repeat(500) },
      as('platform/admin'),
    );
    expect(reply.status).toBe(200);
  });
});

describe('OTA upgrade packages', () => {
  /** An artifact of the platform's space that has passed its CT. */
  const passed = async () => Number((await prepareSample(api, resourceOf('ota-package'), {}, as('platform/admin').token)).atcArtifactId);

  it('takes versions as numbers.numbers.numbers', async () => {
    const atcArtifactId = await passed();
    for (const version of ['1.0', 'v1.0.0', '1.0.0-beta', '1..0']) {
      const reply = await api.post('/console/ota-package/create', { officialVersion: version, atcArtifactId }, as('platform/admin'));
      expect(reply.body).toMatchObject({ message: { zh_CN: '官方版本格式须为 数字.数字.数字（如 1.0.0）' }, data: { field: 'officialVersion' } });
    }
    expect((await api.post('/console/ota-package/create', { officialVersion: '12.0.3', atcArtifactId }, as('platform/admin'))).status).toBe(200);
    expect((await api.post('/console/ota-package/create', { officialVersion: '12.0.3', atcArtifactId }, as('platform/admin'))).status).toBe(409);
  });

  it('moves PENDING → ACTIVE → INACTIVE once, and refuses the rest', async () => {
    const created = await api.post(
      '/console/ota-package/create',
      { officialVersion: '3.1.4', atcArtifactId: await passed(), status: 'ACTIVE' },
      as('platform/admin'),
    );
    const { id, status } = created.body.data;
    expect(status).toBe('PENDING'); // the state is not the client's to set
    const step = (action: string) => api.post(`/console/ota-package/${action}`, { ids: [id] }, as('platform/admin'));
    expect((await step('deactivate')).body.message.zh_CN).toBe('当前状态（待发布）不能执行“停用”');
    expect((await step('activate')).body.data[0].status).toBe('ACTIVE');
    expect((await step('deactivate')).body.data[0].status).toBe('INACTIVE');
    expect((await step('deactivate')).status).toBe(409);
    // A withdrawn version is not published again: a rollback is a new official version.
    expect((await step('activate')).body.message.zh_CN).toBe('当前状态（已停用）不能执行“启用”');
  });
});

describe('feedback', () => {
  it("is sent by anyone, read by the platform's administrators across spaces, and moved along by them", async () => {
    const sent = await api.post(
      '/console/feedback/create',
      { module: 'data', rating: 4, description: 'Filters are great', meta: '{"page":"/data/lake/raw-data"}' },
      as('demo/operator'),
    );
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'new', createdBy: 'operator' });
    expect((await api.get('/console/feedback/query', as('demo/operator'))).status).toBe(403);
    const listed = await api.get('/console/feedback/query', { ...as('platform/admin'), query: { pageSize: '100' } });
    expect(listed.body.data.records.find((row: { id: number }) => row.id === sent.body.data.id)).toMatchObject({ description: 'Filters are great' });
    expect((await api.post('/console/feedback/resolve', { ids: [sent.body.data.id] }, as('platform/admin'))).body.data[0].status).toBe('resolved');
  });

  it.each([
    [{ rating: undefined }, 'rating', '请输入评分'],
    [{ rating: 6 }, 'rating', '评分不能大于5'],
    [{ rating: 0 }, 'rating', '评分不能小于1'],
    [{ description: '' }, 'description', '请输入反馈内容'],
  ])('requires a rating and a comment: %o', async (change, field, zh) => {
    const reply = await api.post('/console/feedback/create', { module: 'data', rating: 3, description: 'ok', ...change }, as('demo/rd'));
    expect(reply.body).toMatchObject({ message: { zh_CN: zh }, data: { field } });
  });
});

describe('quality labels', () => {
  it('are unique by name within a space, not across spaces', async () => {
    const label = { name: 'Gripper Slip', labelType: 'failure' };
    expect((await api.post('/console/label/create', label, as('demo/rd'))).status).toBe(200);
    const again = await api.post('/console/label/create', label, as('demo/admin'));
    expect(again.status).toBe(409);
    expect(again.body.message.zh_CN).toBe('标签名称已存在');
    expect((await api.post('/console/label/create', label, as('platform/admin'))).status).toBe(200);
  });
});

describe('bag lists', () => {
  const bag = (bagName: string, hour: number, extra: Record<string, unknown> = {}) => ({
    bagName,
    bagStatus: 'good',
    bagSize: 1024,
    bagDuration: 60,
    bagStartTime: new Date(Date.UTC(2026, 9, 1, hour)).toISOString(),
    bagEndTime: new Date(Date.UTC(2026, 9, 1, hour, 1)).toISOString(),
    bagRegion: 'suzhou',
    uploadType: 'auto',
    bagOssPath: `oss://edp-raw/${bagName}`,
    robotSn: 'SN-1',
    robotType: 'UR5e',
    ...extra,
  });
  beforeAll(async () => {
    for (let hour = 0; hour < 25; hour += 1)
      await api.post('/data/bag/create', bag(`paging-${hour}`, hour, { labelList: hour % 2 ? ['Drop Error'] : [] }), as('demo/rd'));
    for (const name of ['wild_card', 'wildXcard', 'pct%sign', 'pctXsign']) await api.post('/data/bag/create', bag(name, 30), as('demo/rd'));
  });
  const names = async (query: Record<string, string>) =>
    (await api.get('/data/bag/query', { ...as('demo/rd'), query: { pageSize: '100', ...query } })).body.data.records.map(
      (row: { bagName: string }) => row.bagName,
    );

  it('searches names by substring with _ and % taken literally', async () => {
    expect(await names({ bagName: 'd_c' })).toEqual(['wild_card']);
    expect(await names({ bagName: 't%s' })).toEqual(['pct%sign']);
    expect((await names({ bagName: 'WILD' })).sort()).toEqual(['wildXcard', 'wild_card']);
  });

  it('filters by tags, ranges and sets, and refuses a malformed value naming the field', async () => {
    expect((await names({ labelList: 'Drop Error', bagName: 'paging-' })).length).toBe(12);
    expect(
      await names({
        'bagStartTime.from': new Date(Date.UTC(2026, 9, 1, 23)).toISOString(),
        'bagStartTime.to': new Date(Date.UTC(2026, 9, 1, 24)).toISOString(),
      }),
    ).toEqual(['paging-24', 'paging-23']);
    expect((await names({ bagStatus: 'bad,good', bagName: 'paging-1' })).length).toBe(11);
    for (const size of ['lots', '1.5', '1e30']) {
      const bad = await api.get('/data/bag/query', { ...as('demo/rd'), query: { 'bagSize.from': size } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: { zh_CN: '数据大小不合法' }, data: { field: 'bagSize' } });
    }
  });

  it('pages by keyset: following nextCursor gives exactly the offset pages', async () => {
    const byOffset: string[] = [];
    for (let pageNum = 1; pageNum <= 3; pageNum += 1) byOffset.push(...(await names({ bagName: 'paging-', pageSize: '10', pageNum: String(pageNum) })));
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const reply = await api.get('/data/bag/query', { ...as('demo/rd'), query: { bagName: 'paging-', pageSize: '10', ...(cursor ? { cursor } : {}) } });
      byCursor.push(...reply.body.data.records.map((row: { bagName: string }) => row.bagName));
      cursor = reply.body.data.nextCursor;
    }
    expect(byCursor).toEqual(byOffset);
    expect(byCursor.slice(0, 3)).toEqual(['paging-24', 'paging-23', 'paging-22']);
    expect(cursor).toBeUndefined(); // the last page was short
  });

  it('does not count again past the cap: a cursor on page 501 of 20 follows 10,000 rows', async () => {
    const first = await api.get('/data/bag/query', { ...as('demo/rd'), query: { bagName: 'paging-', pageSize: '10' } });
    const deep = { bagName: 'paging-', cursor: first.body.data.nextCursor };
    const beyond = await api.get('/data/bag/query', { ...as('demo/rd'), query: { ...deep, pageSize: '20', pageNum: '501' } });
    expect(beyond.body.data).toMatchObject({ total: 10_000, totalCapped: true, pageNum: 501 });
    const within = await api.get('/data/bag/query', { ...as('demo/rd'), query: { ...deep, pageSize: '20', pageNum: '500' } });
    expect(within.body.data).toMatchObject({ total: first.body.data.total, totalCapped: false });
  });

  it('sorts only by sortable fields', async () => {
    expect((await names({ sort: 'bagSize,desc' })).length).toBeGreaterThan(0);
    const refused = await api.get('/data/bag/query', { ...as('demo/rd'), query: { sort: 'bagOssPath,asc' } });
    expect(refused.status).toBe(400);
  });

  it('caps the total at 10,000 and says so', async () => {
    const db = t.database.db;
    const tenantId = (await db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
    const { sql } = await import('kysely');
    await sql`insert into bags (tenant_id, bag_name, bag_status, bag_size, bag_duration, bag_start_time, bag_end_time, bag_region, upload_type, bag_oss_path, robot_sn, robot_type, created_by, updated_by, created_time, updated_time)
      select ${tenantId}, 'bulk-' || n, 'good', 1, 1, now(), now(), 'suzhou', 'auto', 'oss://bulk', 'SN', 'UR5e', 'test', 'test', now(), now() from generate_series(1, 10050) n`.execute(
      db,
    );
    const reply = await api.get('/data/bag/query', { ...as('demo/rd'), query: { bagName: 'bulk-' } });
    expect(reply.body.data).toMatchObject({ total: 10_000, totalCapped: true });
    const few = await api.get('/data/bag/query', { ...as('demo/rd'), query: { bagName: 'bulk-1005' } });
    expect(few.body.data).toMatchObject({ total: 2, totalCapped: false }); // bulk-1005 and bulk-10050
  });

  it('exports the filtered records as CSV with translated headers, defusing formulas', async () => {
    await api.post('/data/bag/create', bag('=HYPERLINK("x")', 40), as('demo/rd'));
    const response = await t.app.inject({
      url: '/api/v1/data/bag/export?bagName=HYPERLINK&lang=en_US',
      headers: { authorization: `Bearer ${tokens.get('demo/rd')}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, row, end] = response.body.replace('\uFEFF', '').split('\n');
    expect(header!.startsWith('ID,Name,Status,Quality')).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(end).toBe('');
  });
});
