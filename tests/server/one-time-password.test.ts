import { beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from './helpers/api';
import { useTestApp } from './helpers/test-app';

/**
 * An account signed in with a one-time password (created without one, reset, a
 * new space's administrator) reaches only get-cur-user-info, modify-self-pwd and logout until it
 * has chosen its own; every other route of the app answers 428, found from the OpenAPI document.
 */
const { t, api } = useTestApp();
// Besides sign-in: a run's own calls back (its progress, its metrics, its output, its evaluation's results), which carry the run's token instead of a session.
const PUBLIC = [
  'GET /console/nonce/generate',
  'POST /console/account/login/code-pwd',
  'POST /console/account/logout',
  'POST /taskFlow/instance/{id}/progress',
  'POST /taskFlow/instance/{id}/output-version',
  'PUT /taskFlow/instance/{id}/output-files/{name}',
  'POST /taskFlow/instance/{id}/evaluation-results',
  'POST /taskFlow/instance/{id}/metrics',
  // A device reports with its own key, never a session.
  'POST /device/report/heartbeat',
  'POST /device/report/compile-server',
];
const ALLOWED = ['GET /console/account/get-cur-user-info', 'POST /console/account/modify-self-pwd'];
const CHANGE_FIRST = { code: -1, message: { zh_CN: '请先修改初始密码', en_US: 'Change your one-time password first' }, data: null };
const ONE_TIME = 'Temp-Pass-1';

let routes: string[] = [];
let demoAdmin: string;
beforeAll(async () => {
  const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
  demoAdmin = await api.token('demo', 'admin');
});

/** Calls a route the way the guard sees it: the body or query does not matter, the guard answers first. Exports answer CSV. */
const call = async (route: string, token?: string): Promise<Reply> => {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
  const response = await t.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, body: json ? response.json() : response.body, headers: response.headers };
};
const signedInRoutes = () => routes.filter((route) => !PUBLIC.includes(route));
const refusedRoutes = () => signedInRoutes().filter((route) => !ALLOWED.includes(route));

async function oneTimeAccount(code: string) {
  const created = await api.createAccount(demoAdmin, { role: 'tenant_admin', accountCode: code, accountName: code, password: ONE_TIME, withPassword: false });
  expect(created.body.data.mustChangePassword).toBe(true);
  const signIn = await api.signIn('demo', code, ONE_TIME);
  expect(signIn.body.data.account.mustChangePassword).toBe(true);
  return signIn.body.data.sessionKey as string;
}

describe('an account with a one-time password', () => {
  it('finds every API route in the OpenAPI document; exactly nonce, sign-in, logout, a run’s call back and a device’s report are public', async () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of [...PUBLIC, ...ALLOWED, 'POST /console/account/modify-self-basic-info', 'GET /data/bag/query', 'POST /console/tenant/create'])
      expect(routes).toContain(route);
    const anonymous = await Promise.all(routes.map(async (route) => [route, (await call(route)).status] as const));
    expect(anonymous.filter(([, status]) => status !== 403).map(([route]) => route)).toEqual(expect.arrayContaining(PUBLIC));
    expect(anonymous.filter(([, status]) => status !== 403)).toHaveLength(PUBLIC.length);
  });

  it('is refused with 428 and a message in both languages by every other route, and keeps its session', async () => {
    const token = await oneTimeAccount('fresh');
    const answers = await Promise.all(refusedRoutes().map(async (route) => [route, await call(route, token)] as const));
    for (const [route, reply] of answers) {
      expect(reply.status, route).toBe(428);
      expect(reply.body, route).toEqual(CHANGE_FIRST);
    }
    expect(answers.length).toBe(routes.length - PUBLIC.length - ALLOWED.length);
    // Not 403: the console would take that for an ended session and sign the user out (spec §8).
    expect((await api.get('/console/account/get-cur-user-info', { token })).status).toBe(200);
    expect(await t.database.db.selectFrom('accounts').select('code').where('code', '=', 'fresh').where('updatedBy', '=', 'fresh').execute()).toEqual([]);
  });

  it('may read itself, sign out, and change its password; after the change every route answers it', async () => {
    const token = await oneTimeAccount('newcomer');
    const me = await api.get('/console/account/get-cur-user-info', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.account).toMatchObject({ code: 'newcomer', mustChangePassword: true });
    const spare = (await api.signIn('demo', 'newcomer', ONE_TIME)).body.data.sessionKey as string;
    expect((await api.post('/console/account/logout', { sessionKey: spare })).status).toBe(200);
    expect((await api.get('/console/account/get-cur-user-info', { token: spare })).status).toBe(403);

    expect((await api.changePassword(token, ONE_TIME, 'Mine-Pass-22')).status).toBe(200);
    const own = await api.signIn('demo', 'newcomer', 'Mine-Pass-22');
    expect(own.body.data.account.mustChangePassword).toBe(false);
    const ownToken = own.body.data.sessionKey as string;
    for (const route of signedInRoutes()) {
      const reply = await call(route, ownToken);
      expect(reply.status, route).not.toBe(428);
      expect(reply.body.message?.zh_CN, route).not.toBe('登录状态已过期!');
    }
    expect((await api.get('/console/account/query', { token: ownToken })).status).toBe(200);
    expect((await api.post('/console/account/modify-self-basic-info', { name: 'Newcomer', email: '', description: '' }, { token: ownToken })).status).toBe(200);
  });

  it('is what a reset and a new space leave too', async () => {
    const platform = await api.token('platform', 'admin');
    const space = await api.post('/console/tenant/create', { code: 'otp-lab', name: 'OTP Lab', adminCode: 'chief', adminName: 'Chief' }, { token: platform });
    const chief = await api.token('otp-lab', 'chief', space.body.data.extras.admin.password);
    expect((await api.get('/data/bag/query', { token: chief })).status).toBe(428);

    await api.createAccount(demoAdmin, { role: 'rd', accountCode: 'reset-me', accountName: 'Reset Me', password: 'Good-Pass-42' });
    const before = await api.token('demo', 'reset-me', 'Good-Pass-42');
    const { id } = (await api.get('/console/account/get-cur-user-info', { token: before })).body.data.account;
    expect((await api.get('/data/bag/query', { token: before })).status).toBe(200);
    const reset = await api.post('/console/account/reset-other-account-pwd', { accountId: id }, { token: demoAdmin });
    const after = await api.token('demo', 'reset-me', reset.body.data.password);
    expect(await api.get('/data/bag/query', { token: after })).toMatchObject({ status: 428, body: CHANGE_FIRST });
  });
});
