import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

const GOOD = 'Good-Pass-42';
const { t, api } = useTestApp();
let demoAdmin: string;
let rd: string;
let operator: string;
let platformAdmin: string;
beforeAll(async () => {
  [demoAdmin, rd, operator, platformAdmin] = await Promise.all([
    api.token('demo', 'admin'),
    api.token('demo', 'rd'),
    api.token('demo', 'operator'),
    api.token('platform', 'admin'),
  ]);
});

const newAccount = (
  code: string,
  extra: Partial<{ role: string; accountName: string; password: string; description: string; withPassword: boolean }> = {},
) => ({
  role: 'rd',
  accountCode: code,
  accountName: `Name of ${code}`,
  password: GOOD,
  ...extra,
});

describe('GET /console/account/query', () => {
  it("lists every account of the caller's tenant with pageSize -1, and nothing of other tenants", async () => {
    const reply = await api.get('/console/account/query', { token: demoAdmin, query: { pageSize: '-1', pageNum: '1' } });
    expect(reply.status).toBe(200);
    const codes = reply.body.data.records.map((record: { code: string }) => record.code);
    expect(codes).toEqual(expect.arrayContaining(['admin', 'rd', 'operator']));
    expect(reply.body.data.records.every((record: { tenantId: number }) => record.tenantId === reply.body.data.records[0].tenantId)).toBe(true);
    expect(reply.body.data).toMatchObject({ total: codes.length, pageNum: 1, pageSize: -1 });
    const platform = await api.get('/console/account/query', { token: platformAdmin, query: { pageSize: '-1' } });
    expect(platform.body.data.records.map((record: { code: string }) => record.code)).toEqual(['admin']);
  });

  it('pages and filters by case-insensitive substring, treating % and _ literally', async () => {
    const page = await api.get('/console/account/query', { token: rd, query: { pageSize: '2', pageNum: '2' } });
    expect(page.body.data.records).toHaveLength(1);
    expect(page.body.data.total).toBe(3);
    const filtered = await api.get('/console/account/query', { token: rd, query: { pageSize: '-1', code: 'OPER' } });
    expect(filtered.body.data.records.map((record: { code: string }) => record.code)).toEqual(['operator']);
    const wildcard = await api.get('/console/account/query', { token: rd, query: { pageSize: '-1', code: '_' } });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('is open to every signed-in member (the console keeps the list as a lookup) but not to strangers', async () => {
    expect((await api.get('/console/account/query', { token: operator, query: { pageSize: '-1' } })).status).toBe(200);
    expect((await api.get('/console/account/query', { query: { pageSize: '-1' } })).status).toBe(403);
  });

  it('rejects a bad page size naming the field', async () => {
    const reply = await api.get('/console/account/query', { token: rd, query: { pageSize: '0' } });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field: 'pageSize' });
    expect(reply.body.message.zh_CN).toBe('每页条数须为 -1（全部）或 1 到 1000');
  });
});

describe('GET /console/account/get-user-info', () => {
  it('reads an account of the same tenant', async () => {
    const me = (await api.get('/console/account/get-cur-user-info', { token: rd })).body.data.account;
    const reply = await api.get('/console/account/get-user-info', { token: demoAdmin, query: { id: String(me.id) } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ id: me.id, code: 'rd', role: 'rd' });
  });

  it('does not find an account of another tenant', async () => {
    const platformAccount = (await api.get('/console/account/get-cur-user-info', { token: platformAdmin })).body.data.account;
    const reply = await api.get('/console/account/get-user-info', { token: demoAdmin, query: { id: String(platformAccount.id) } });
    expect(reply.status).toBe(404);
    expect(reply.body.message.zh_CN).toBe('账号不存在');
  });

  it('requires a numeric id', async () => {
    const reply = await api.get('/console/account/get-user-info', { token: demoAdmin, query: { id: 'abc' } });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field: 'id' });
  });
});

describe('GET /console/account/list-role-v2', () => {
  it('gives a tenant administrator the roles of an ordinary tenant with their names', async () => {
    const reply = await api.get('/console/account/list-role-v2', { token: demoAdmin });
    expect(reply.body.data.map((role: { code: string }) => role.code)).toEqual(['tenant_admin', 'rd', 'tele_operator']);
    expect(reply.body.data[0].name).toEqual({ zh_CN: '空间管理员', en_US: 'Space administrator' });
  });

  it('offers system_admin only in the platform tenant, and nothing to non-administrators', async () => {
    expect((await api.get('/console/account/list-role-v2', { token: platformAdmin })).body.data.map((role: { code: string }) => role.code)).toContain(
      'system_admin',
    );
    expect((await api.get('/console/account/list-role-v2', { token: rd })).body.data).toEqual([]);
  });
});

describe('POST /console/account/create-account', () => {
  it('creates an account that can sign in, recording its creator', async () => {
    const reply = await api.createAccount(demoAdmin, newAccount('alice', { description: 'labeller' }));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      code: 'alice',
      name: 'Name of alice',
      role: 'rd',
      description: 'labeller',
      creator: 'admin',
      modifier: 'admin',
      mustChangePassword: false,
    });
    expect((await api.signIn('demo', 'alice', GOOD)).status).toBe(200);
  });

  it('accepts several roles as a comma-separated list', async () => {
    const reply = await api.createAccount(demoAdmin, newAccount('multi', { role: 'rd, tele_operator' }));
    expect(reply.status).toBe(200);
    expect(reply.body.data.role).toBe('rd,tele_operator');
  });

  it('without cipherPassword (the bare spec payload) makes the owner choose a new password', async () => {
    const reply = await api.createAccount(demoAdmin, newAccount('bare', { withPassword: false, password: 'whatever' }));
    expect(reply.status).toBe(200);
    expect(reply.body.data.mustChangePassword).toBe(true);
    expect((await api.signIn('demo', 'bare', 'whatever')).body.data.account.mustChangePassword).toBe(true);
  });

  it.each([
    ['accountCode', 'alice', 'errors:accountCodeTaken', '账号编码已存在'],
    ['accountName', 'Name of alice', 'errors:accountNameTaken', '账号名称已存在'],
  ])('refuses a duplicate %s within the tenant with 409', async (field, value, _key, zh) => {
    const fields = { ...newAccount('someone-new'), [field]: value };
    const reply = await api.createAccount(demoAdmin, fields);
    expect(reply.status).toBe(409);
    expect(reply.body.message.zh_CN).toBe(zh);
    expect(reply.body.data).toEqual({ field });
  });

  it('allows the same code and name in another tenant', async () => {
    const reply = await api.createAccount(platformAdmin, newAccount('alice'));
    expect(reply.status).toBe(200);
  });

  it.each([
    [{ accountCode: '' }, 'accountCode', '请输入账号编码'],
    [{ accountCode: 'has space' }, 'accountCode', '账号编码只能包含字母、数字和 _ . - @'],
    [{ accountCode: 'x'.repeat(65) }, 'accountCode', '账号编码不能超过64个字符'],
    [{ accountName: '  ' }, 'accountName', '请输入账号名称'],
    [{ accountName: 'n'.repeat(65) }, 'accountName', '账号名称不能超过64个字符'],
    [{ role: '' }, 'role', '请输入角色'],
    [{ role: 'boss' }, 'role', '角色须为 system_admin、tenant_admin、rd、tele_operator 中不重复的一个或多个'],
    [{ role: 'rd,rd' }, 'role', '角色须为 system_admin、tenant_admin、rd、tele_operator 中不重复的一个或多个'],
    [{ role: 'system_admin' }, 'role', '无权分配角色：system_admin'],
    [{ description: 'd'.repeat(501) }, 'description', '描述不能超过500个字符'],
    [{ password: 'Sh0rt!x' }, 'cipherPassword', '密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符'],
    [{ password: 'nouppercase1!' }, 'cipherPassword', '密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符'],
    [{ password: 'NOLOWERCASE1!' }, 'cipherPassword', '密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符'],
    [{ password: 'NoDigits!!' }, 'cipherPassword', '密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符'],
    [{ password: 'NoSpecial123' }, 'cipherPassword', '密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符'],
  ])('rejects %o naming %s', async (change, field, zh) => {
    const before = (await api.get('/console/account/query', { token: demoAdmin, query: { pageSize: '-1' } })).body.data.total;
    const reply = await api.createAccount(demoAdmin, { ...newAccount('rejected'), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field });
    expect(reply.body.message.zh_CN).toBe(zh);
    expect(reply.body.message.en_US).toEqual(expect.any(String));
    const after = (await api.get('/console/account/query', { token: demoAdmin, query: { pageSize: '-1' } })).body.data.total;
    expect(after).toBe(before);
  });

  it('refuses a cipherPassword that does not match the cipherDigest', async () => {
    const { id, randomKey } = await api.nonce();
    const { cipherDigest, encrypt } = await import('./helpers/spec-client');
    const reply = await api.post(
      '/console/account/create-account',
      {
        role: 'rd',
        accountCode: 'mismatch',
        accountName: 'Mismatch',
        nonceId: id,
        cipherDigest: cipherDigest(GOOD, randomKey),
        cipherPassword: encrypt('Other-Pass-1', randomKey),
      },
      { token: demoAdmin },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message.zh_CN).toBe('密码密文与密码不一致');
  });

  it.each([
    ['rd', () => rd],
    ['tele_operator', () => operator],
  ])('is refused to %s with 403 and writes nothing', async (_role, token) => {
    const reply = await api.createAccount(token(), newAccount('sneaky'));
    expect(reply.status).toBe(403);
    expect(reply.body.message.zh_CN).toBe('没有权限执行此操作');
    expect((await api.signIn('demo', 'sneaky', GOOD)).status).toBe(401);
  });
});

describe('POST /console/account/reset-other-account-pwd', () => {
  it('returns a one-time password that works once the old sessions have ended', async () => {
    await api.createAccount(demoAdmin, newAccount('bob'));
    const bob = await api.token('demo', 'bob', GOOD);
    const { id } = (await api.get('/console/account/get-cur-user-info', { token: bob })).body.data.account;
    const reply = await api.post('/console/account/reset-other-account-pwd', { accountId: id }, { token: demoAdmin });
    expect(reply.status).toBe(200);
    const { password } = reply.body.data;
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/);
    expect((await api.get('/console/account/get-cur-user-info', { token: bob })).status).toBe(403);
    expect((await api.signIn('demo', 'bob', GOOD)).status).toBe(401);
    const again = await api.signIn('demo', 'bob', password);
    expect(again.status).toBe(200);
    expect(again.body.data.account).toMatchObject({ mustChangePassword: true, modifier: 'admin' });
    expect(JSON.stringify(await t.database.db.selectFrom('accounts').selectAll().execute())).not.toContain(password);
  });

  it("refuses to reset the caller's own password", async () => {
    const me = (await api.get('/console/account/get-cur-user-info', { token: demoAdmin })).body.data.account;
    const reply = await api.post('/console/account/reset-other-account-pwd', { accountId: me.id }, { token: demoAdmin });
    expect(reply.status).toBe(400);
    expect(reply.body.message.zh_CN).toBe('不能重置自己的密码，请在个人中心修改');
  });

  it('cannot reach an account of another tenant', async () => {
    const platformAccount = (await api.get('/console/account/get-cur-user-info', { token: platformAdmin })).body.data.account;
    const reply = await api.post('/console/account/reset-other-account-pwd', { accountId: platformAccount.id }, { token: demoAdmin });
    expect(reply.status).toBe(404);
    expect((await api.get('/console/account/get-cur-user-info', { token: platformAdmin })).status).toBe(200);
  });

  it('is refused to rd and tele_operator', async () => {
    const me = (await api.get('/console/account/get-cur-user-info', { token: demoAdmin })).body.data.account;
    for (const token of [rd, operator]) expect((await api.post('/console/account/reset-other-account-pwd', { accountId: me.id }, { token })).status).toBe(403);
    expect((await api.signIn('demo', 'admin', SEED_PASSWORD)).status).toBe(200);
  });

  it('requires the accountId', async () => {
    const reply = await api.post('/console/account/reset-other-account-pwd', {}, { token: demoAdmin });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field: 'accountId' });
  });
});
