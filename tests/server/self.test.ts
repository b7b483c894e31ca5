import { describe, expect, it } from 'vitest';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

const STRENGTH = '密码至少8个字符，且须包含大写字母、小写字母、数字和特殊字符';
const { api } = useTestApp();

describe('POST /console/account/modify-self-basic-info', () => {
  it("changes the caller's own name, email and description", async () => {
    const token = await api.token('demo', 'rd');
    const reply = await api.post(
      '/console/account/modify-self-basic-info',
      { name: 'Robot Engineer', email: 'rd@example.com', description: 'grasping' },
      { token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ code: 'rd', name: 'Robot Engineer', email: 'rd@example.com', description: 'grasping', modifier: 'rd' });
    expect((await api.get('/console/account/get-cur-user-info', { token })).body.data.account.email).toBe('rd@example.com');
  });

  it.each([
    [{ name: '' }, 'name', '请输入账号名称'],
    [{ email: 'not-an-email' }, 'email', '邮箱格式错误！'],
    [{ description: 'x'.repeat(501) }, 'description', '描述不能超过500个字符'],
  ])('rejects %o', async (change, field, zh) => {
    const token = await api.token('demo', 'operator');
    const reply = await api.post('/console/account/modify-self-basic-info', { name: 'Operator', email: '', ...change }, { token });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: -1, message: { zh_CN: zh }, data: { field } });
    expect((await api.get('/console/account/get-cur-user-info', { token })).body.data.account.name).toBe('Demo Operator');
  });

  it('refuses a name another member of the tenant has, with 409', async () => {
    const token = await api.token('demo', 'operator');
    const reply = await api.post('/console/account/modify-self-basic-info', { name: 'Demo Admin' }, { token });
    expect(reply.status).toBe(409);
    expect(reply.body.message.zh_CN).toBe('账号名称已存在');
  });
});

describe('POST /console/account/modify-self-pwd', () => {
  it('changes the password and ends every session of the account', async () => {
    const first = await api.token('demo', 'admin');
    const second = await api.token('demo', 'admin');
    const reply = await api.changePassword(first, SEED_PASSWORD, 'Fresh-Pass-77');
    expect(reply.status).toBe(200);
    for (const token of [first, second]) expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(403);
    expect((await api.signIn('demo', 'admin', SEED_PASSWORD)).status).toBe(401);
    const back = await api.token('demo', 'admin', 'Fresh-Pass-77');
    expect((await api.changePassword(back, 'Fresh-Pass-77', SEED_PASSWORD)).status).toBe(200);
  });

  it('clears mustChangePassword', async () => {
    const admin = await api.token('demo', 'admin');
    const created = await api.createAccount(admin, { role: 'rd', accountCode: 'newbie', accountName: 'Newbie', password: 'Temp-Pass-1', withPassword: false });
    expect(created.body.data.mustChangePassword).toBe(true);
    const token = await api.token('demo', 'newbie', 'Temp-Pass-1');
    expect((await api.changePassword(token, 'Temp-Pass-1', 'Mine-Pass-22')).status).toBe(200);
    expect((await api.signIn('demo', 'newbie', 'Mine-Pass-22')).body.data.account.mustChangePassword).toBe(false);
  });

  it.each([
    ['a wrong old password', 'Wrong-Old-1', 'Fresh-Pass-88', undefined, 'oldCipherDigest', '旧密码错误'],
    ['a weak new password', SEED_PASSWORD, 'weakpass', undefined, 'newCipherPassword', STRENGTH],
    ['the same password again', SEED_PASSWORD, SEED_PASSWORD, undefined, 'newCipherPassword', '新密码不能与旧密码相同'],
    ['a new digest of another password', SEED_PASSWORD, 'Fresh-Pass-88', 'Other-Pass-88', 'newCipherPassword', '密码密文与密码不一致'],
  ])('refuses %s and keeps the session and password', async (_case, oldPassword, newPassword, digestOf, field, zh) => {
    const token = await api.token('demo', 'rd');
    const reply = await api.changePassword(token, oldPassword, newPassword, digestOf);
    expect(reply.status).toBe(400);
    expect(reply.body.data).toEqual({ field });
    expect(reply.body.message.zh_CN).toBe(zh);
    expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
    expect((await api.signIn('demo', 'rd', SEED_PASSWORD)).status).toBe(200);
  });

  it('requires each field', async () => {
    const token = await api.token('demo', 'rd');
    const reply = await api.post('/console/account/modify-self-pwd', { nonceId: 'x', newCipherDigest: 'x', newCipherPassword: 'x' }, { token });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: { zh_CN: '请输入旧密码', en_US: 'Old password is required' }, data: { field: 'oldCipherDigest' } });
  });

  it('needs a session', async () => {
    expect((await api.post('/console/account/modify-self-pwd', {})).status).toBe(403);
    expect((await api.post('/console/account/modify-self-basic-info', { name: 'x' })).status).toBe(403);
  });
});
