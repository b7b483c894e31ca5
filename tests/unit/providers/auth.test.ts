import { createDecipheriv, createHash } from 'node:crypto';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../../src/providers/auth';
import { HttpError } from '../../../src/providers/http-errors';
import { notifier } from '../../../src/providers/notifier';
import { sessionStore } from '../../../src/providers/session-store';
import { accountNamesFor, spaceCodeHistory } from '../../../src/providers/sign-in-history';
import { STORAGE_KEYS } from '../../../src/providers/storage-keys';
import { accountOf, tenantOf } from '../fixtures';
import { envelope, mockApi } from '../msw';

const server = mockApi();
const RANDOM_KEY = 'Y8yNttm9Sz2213ImZi6wbi2R';
const tenant = tenantOf();

const decryptWithNode = (cipher: string) => {
  const decipher = createDecipheriv('aes-256-ecb', Buffer.from(RANDOM_KEY.padEnd(32, '0')), null);
  return Buffer.concat([decipher.update(Buffer.from(cipher, 'base64')), decipher.final()]).toString('utf8');
};

let bodies: unknown[];
function serveSignIn(role: string, status = 200) {
  bodies = [];
  server.use(
    mock.get('*/api/v1/console/nonce/generate', () => HttpResponse.json(envelope({ id: 'nonce-1', randomKey: RANDOM_KEY }))),
    mock.post('*/api/v1/console/account/login/code-pwd', async ({ request }) => {
      bodies.push(await request.json());
      return status === 200
        ? HttpResponse.json(envelope({ sessionKey: 'session-key', account: accountOf(role), tenant }))
        : HttpResponse.json({ code: -1, message: { zh_CN: '空间账号、个人账号或密码错误', en_US: 'x' }, data: null }, { status });
    }),
  );
}

let success: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  success = vi.spyOn(notifier, 'success').mockImplementation(() => undefined);
  vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('login (spec §4 sign-in)', () => {
  it('sends the cipherDigest under the nonce, never the password, and stores the session', async () => {
    serveSignIn('rd');
    const result = await authProvider.login({ tenantCode: ' demo ', accountName: 'someone', password: 'Demo-Pass-2026' });
    expect(result).toEqual({ success: true, redirectTo: '/data/dashboard/rawData' });
    const [body] = bodies as Record<string, string>[];
    expect(body).toMatchObject({ tenantCode: 'demo', code: 'someone', nonceId: 'nonce-1' });
    expect(decryptWithNode(body!.cipherDigest!)).toBe(createHash('sha256').update('Demo-Pass-2026').digest('hex'));
    expect(JSON.stringify(body)).not.toContain('Demo-Pass-2026');
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBe('session-key');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userTokenStore)!).state).toEqual({ accessToken: 'session-key', tenantId: 2, role: 'rd', userId: 7 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!)).toMatchObject({ code: 'someone', tenant: { code: 'demo' } });
    expect(sessionStore.userInfo()).toMatchObject({ code: 'someone', tenant: { code: 'demo' } });
    expect(success).toHaveBeenCalledWith('登录成功');
    expect(spaceCodeHistory()).toEqual(['demo']);
    expect(accountNamesFor('demo')).toEqual(['someone']);
  });

  it.each([
    ['tele_operator', '/data/ticket/managed'],
    ['tele_operator,rd', '/data/dashboard/rawData'],
    ['tenant_admin', '/data/dashboard/rawData'],
    ['system_admin', '/data/dashboard/rawData'],
  ])('sends %s to %s', async (role, destination) => {
    serveSignIn(role);
    expect((await authProvider.login({ tenantCode: 'demo', accountName: 'someone', password: 'p' })).redirectTo).toBe(destination);
  });

  it('fails silently: no session, no history, no toast (the HTTP layer showed why)', async () => {
    serveSignIn('rd', 401);
    expect(await authProvider.login({ tenantCode: 'demo', accountName: 'someone', password: 'bad' })).toEqual({ success: false });
    expect(sessionStore.token()).toBeNull();
    expect(spaceCodeHistory()).toEqual([]);
    expect(success).not.toHaveBeenCalled();
  });
});

describe('the rest of the session', () => {
  it('logs out with the sessionKey and clears the session', async () => {
    sessionStore.save('session-key', accountOf('rd'), tenant);
    const seen: unknown[] = [];
    server.use(mock.post('*/api/v1/console/account/logout', async ({ request }) => (seen.push(await request.json()), HttpResponse.json(envelope(null)))));
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(seen).toEqual([{ sessionKey: 'session-key' }]);
    expect(sessionStore.token()).toBeNull();
  });

  it('checks the stored token and logs out on a 403', async () => {
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
    sessionStore.save('session-key', accountOf('rd'), tenant);
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(await authProvider.onError(new HttpError('x', 403))).toMatchObject({ logout: true, redirectTo: '/login' });
    expect(await authProvider.onError(new HttpError('x', 500))).toEqual({});
  });

  it('loads the current user again and stores it (session load)', async () => {
    sessionStore.save('session-key', accountOf('rd'), tenant);
    server.use(
      mock.get('*/api/v1/console/account/get-cur-user-info', () => HttpResponse.json(envelope({ account: { ...accountOf('rd'), name: 'Renamed' }, tenant }))),
    );
    expect(await authProvider.getIdentity!()).toMatchObject({ name: 'Renamed' });
    expect(sessionStore.userInfo()?.name).toBe('Renamed');
    expect(await authProvider.getPermissions!()).toEqual(['external:rd']);
  });

  it('does not bring back a session that ended while the current user was loading', async () => {
    sessionStore.save('session-key', accountOf('rd'), tenant);
    server.use(
      mock.get('*/api/v1/console/account/get-cur-user-info', () => {
        localStorage.removeItem(STORAGE_KEYS.userToken); // signed out in another tab meanwhile
        return HttpResponse.json(envelope({ account: accountOf('rd'), tenant }));
      }),
    );
    expect(await authProvider.getIdentity!()).toBeNull();
    expect(sessionStore.token()).toBeNull();
  });
});
