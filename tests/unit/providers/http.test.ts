import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../src/providers/i18n';
import { api, apiUrl, client, REQUEST_TIMEOUT_MS } from '../../../src/providers/http';
import { HttpError, noticeFor } from '../../../src/providers/http-errors';
import { notifier } from '../../../src/providers/notifier';
import { sessionStore } from '../../../src/providers/session-store';
import { STORAGE_KEYS } from '../../../src/providers/storage-keys';
import { accountOf, tenantOf } from '../fixtures';
import { envelope, mockApi } from '../msw';

const server = mockApi();
const message = { zh_CN: '空间账号、个人账号或密码错误', en_US: 'Wrong space account, personal account or password' };
const account = accountOf('rd');
const tenant = tenantOf();

const reply = (status: number, body: unknown) =>
  server.use(mock.get('*/api/v1/probe', () => (body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body as object, { status }))));
const failure = () =>
  api.get('/probe').then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as HttpError,
  );

let notices: { error: ReturnType<typeof vi.spyOn>; warning: ReturnType<typeof vi.spyOn> };
beforeEach(() => {
  notices = {
    error: vi.spyOn(notifier, 'error').mockImplementation(() => undefined),
    warning: vi.spyOn(notifier, 'warning').mockImplementation(() => undefined),
  };
});
afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('zh_CN');
});

describe('requests', () => {
  it('go to /api/v1 with JSON, a 30 s timeout and the bearer token when one exists', async () => {
    const seen: (string | null)[] = [];
    server.use(mock.get('*/api/v1/probe', ({ request }) => (seen.push(request.headers.get('authorization')), HttpResponse.json(envelope(1)))));
    await api.get('/probe');
    sessionStore.save('token-123', account, tenant);
    await api.get('/probe');
    expect(seen).toEqual([null, 'Bearer token-123']);
    expect(client.defaults.baseURL).toBe('/api/v1');
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(client.defaults.timeout).toBe(30_000);
  });

  it('read no XSRF cookie: the API takes a bearer token, and reading the cookie store held each call back', () => {
    expect(client.defaults.withXSRFToken).toBe(false);
  });
});

describe('query strings', () => {
  it('are written by axios: absent values left out, `:`, `$`, `,` kept, a space as +, arrays repeated with []', () => {
    const search = (params: object) => apiUrl('/probe', params).search;
    expect(search({ pageSize: 20, sort: 'bagSize,asc', name: 'a b&c', skip: undefined, none: null })).toBe('?pageSize=20&sort=bagSize,asc&name=a+b%26c');
    expect(decodeURIComponent(search({ 'time.from': '2026-01-02T03:04:05.000Z', tags: ['x', 'y'], price: '$1' }))).toBe(
      '?time.from=2026-01-02T03:04:05.000Z&tags[]=x&tags[]=y&price=$1',
    );
    expect(search({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe('?at=2026-01-02T00:00:00.000Z');
    expect(search({})).toBe('');
  });

  it('reach the server as sent', async () => {
    let seen: URLSearchParams | undefined;
    server.use(mock.get('*/api/v1/probe', ({ request }) => ((seen = new URL(request.url).searchParams), HttpResponse.json(envelope(1)))));
    await api.get('/probe', { pageSize: -1, pageNum: 1, name: '张 三', tags: ['x', 'y'] });
    expect([...seen!]).toEqual([
      ['pageSize', '-1'],
      ['pageNum', '1'],
      ['name', '张 三'],
      ['tags[]', 'x'],
      ['tags[]', 'y'],
    ]);
  });
});

describe('spec §7 envelope', () => {
  it('returns the data field', async () => {
    reply(200, envelope({ answer: 42 }));
    expect(await api.get('/probe')).toEqual({ answer: 42 });
  });

  it('accepts a body without data only with HTTP 200', async () => {
    reply(200, { code: 200 });
    expect(await api.get('/probe')).toBeUndefined();
    reply(201, { code: 200 });
    const error = await failure();
    expect(error.message).toBe('请求出错，请稍候重试');
    expect(notices.error).toHaveBeenCalledWith('请求出错，请稍候重试', undefined);
  });

  it('refuses an empty body with 请求出错，请稍候重试', async () => {
    reply(200, undefined);
    expect((await failure()).message).toBe('请求出错，请稍候重试');
  });
});

describe('spec §8 catalogue', () => {
  it('403: 登录状态已过期!, user info and token cleared as expired (the route guard then goes to /login)', async () => {
    sessionStore.save('token-123', account, tenant);
    reply(403, { code: 401, message: { zh_CN: '登录状态已过期!', en_US: 'x' }, data: null });
    const error = await failure();
    expect(error.statusCode).toBe(403);
    expect(notices.error).toHaveBeenCalledWith('登录状态已过期!', undefined);
    for (const key of [STORAGE_KEYS.userToken, STORAGE_KEYS.userTokenStore, STORAGE_KEYS.userInfo, STORAGE_KEYS.userInfoStore])
      expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStore.snapshot()).toMatchObject({ token: null, ended: 'expired' });
  });

  it('401: the server message in the current language; the session stays', async () => {
    sessionStore.save('token-123', account, tenant);
    reply(401, { code: -1, message, data: null });
    expect((await failure()).message).toBe(message.zh_CN);
    await changeLanguage('en_US');
    expect((await failure()).message).toBe(message.en_US);
    expect(notices.error).toHaveBeenLastCalledWith(message.en_US, undefined);
    expect(sessionStore.token()).toBe('token-123');
  });

  it('428: the one-time password must be changed first, shown as such (one notice for many calls); the session stays', async () => {
    sessionStore.save('token-123', account, tenant);
    reply(428, { code: -1, message: { zh_CN: '请先修改初始密码', en_US: 'Change your one-time password first' }, data: null });
    const error = await failure();
    expect(error.statusCode).toBe(428);
    expect(error.message).toBe('请先修改初始密码');
    expect(notices.warning).toHaveBeenCalledWith('请先修改初始密码', undefined, 'password-change-required');
    expect(notices.error).not.toHaveBeenCalled();
    expect(sessionStore.token()).toBe('token-123');
    reply(428, { code: -1, data: null });
    await changeLanguage('en_US');
    expect((await failure()).message).toBe('Change your one-time password first');
  });

  it('401 without a message: 操作失败,系统异常!', async () => {
    reply(401, { code: -1, data: null });
    expect((await failure()).message).toBe('操作失败,系统异常!');
  });

  it('400: a warning with the server message, or the generic text', async () => {
    reply(400, { code: -1, message: { zh_CN: '请输入空间账号', en_US: 'Space account is required' }, data: { field: 'tenantCode' } });
    const error = await failure();
    expect(error.message).toBe('请输入空间账号');
    expect(error.field).toBe('tenantCode');
    expect(notices.warning).toHaveBeenCalledWith('请输入空间账号', undefined);
    reply(400, { code: -1, data: null });
    expect((await failure()).message).toBe('操作失败,系统异常!');
  });

  it.each([404, 409, 429, 500, 502, 503])('%i: 操作失败,系统异常!, with the server message or the status text beneath', async (status) => {
    reply(status, { code: -1, message: { zh_CN: '服务端说明', en_US: 'server says' }, data: null });
    const error = await failure();
    expect(error.message).toBe('操作失败,系统异常!');
    expect(notices.error).toHaveBeenCalledWith('操作失败,系统异常!', '服务端说明');
  });

  it('a status without a message gets the catalogue text of its status', async () => {
    reply(504, undefined);
    await failure();
    expect(notices.error).toHaveBeenCalledWith('操作失败,系统异常!', '网络超时');
  });

  it('a network failure or a timeout: 操作失败,系统异常!', async () => {
    server.use(mock.get('*/api/v1/probe', () => HttpResponse.error()));
    expect((await failure()).message).toBe('操作失败,系统异常!');
    expect(notices.error).toHaveBeenLastCalledWith('操作失败,系统异常!', '网络异常，请检查您的网络连接');
    // msw's XMLHttpRequest stand-in never times out, so the timeout's notice is checked on the catalogue itself.
    expect(noticeFor({ code: 'ECONNABORTED' })).toEqual({ level: 'error', message: '操作失败,系统异常!', description: '接口请求超时，请刷新页面重试' });
  });
});
