import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../model/access/rules';
import { catalogue, menu } from '../../model/resources/builders';
import { flatten, placeSection } from '../../model/resources/index';
import { defineEntity } from '../../model/schemas/engine/entity';
import { datetime, decimal, integer, money, text } from '../../model/schemas/engine/fields';
import { apiResourcesOf } from '../../server/engine/registry';
import { localize } from '../../server/http/messages';
import type { Reply } from './helpers/api';
import { encrypt } from './helpers/spec-client';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/**
 * Hardening: bad input is a 400 naming the field, in both languages, never a 500 and
 * never a half answer, and nothing is written. One test per defect that came back would fail it.
 */
const ledger = defineEntity({
  name: 'ledger',
  table: 'fixture_ledgers',
  label: 'common:details',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'amount', order: 'desc' },
  fields: {
    name: text('bag:fields.bagName', { max: 40 }),
    amount: money('bag:fields.bagSize', { required: true }),
    ratio: decimal('bag:fields.modelTestScore'),
    count: integer('bag:fields.bagDuration'),
    dueAt: datetime('bag:fields.bagEndTime'),
  },
});
const entries = flatten(placeSection(catalogue('lab', 'menu:lab._', [menu('ledgers', 'menu:lab.ledgers', { entity: 'ledger', auth: staff })])));
const { t, api } = useTestApp({}, { entities: [ledger], resources: apiResourcesOf(entries, [ledger]) });

let rd: string;
let admin: string;
beforeAll(async () => {
  rd = await api.token('demo', 'rd');
  admin = await api.token('demo', 'admin');
});

const message = (key: string, params: Record<string, unknown> = {}) => localize(key, params);
const rowsOf = async (table: string) => {
  const { rows } = await sql<{ count: number; latest: unknown }>`select count(*)::int as count, max(updated_time) as latest from ${sql.table(table)}`.execute(
    t.database.db,
  );
  return rows[0];
};
/** The envelope of a refusal: 400, -1, both languages, the field named. */
function expectRefused(reply: Reply, field: string, key?: string, params: Record<string, unknown> = {}) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body).toMatchObject({ code: -1, data: { field } });
  if (key) expect(reply.body.message).toEqual(message(key, params));
  expect(reply.body.message.zh_CN).not.toMatch(/Invalid|expected|received|[a-z]+:[a-zA-Z]/);
}

const bag = (n: number, extra: Record<string, unknown> = {}) => ({
  bagName: `hardening-${n}`,
  bagStatus: 'good',
  bagSize: 1024,
  bagDuration: 60,
  bagStartTime: new Date(Date.UTC(2026, 9, 1, n)).toISOString(),
  bagEndTime: new Date(Date.UTC(2026, 9, 1, n, 1)).toISOString(),
  bagRegion: 'suzhou',
  uploadType: 'auto',
  bagOssPath: `oss://edp-raw/hardening-${n}`,
  robotSn: 'SN-1',
  robotType: 'UR5e',
  ...extra,
});
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('#7 a NUL character', () => {
  it('is refused with 400 naming the field in create, update, list filters, sign-in and account calls, and nothing is written', async () => {
    const before = await rowsOf('bags');
    expectRefused(await api.post('/data/bag/create', bag(1, { bagName: 'a\u0000b' }), { token: rd }), 'bagName', 'validation:nul', {
      label: 'bag:fields.bagName',
    });
    expectRefused(await api.post('/data/bag/create', bag(1, { labelList: ['ok', 'x\u0000'] }), { token: rd }), 'labelList.1', 'validation:nul', {
      label: 'bag:fields.labelList',
    });
    expectRefused(await api.post('/data/bag/create', { ...bag(1), 'extra\u0000key': 1 }, { token: rd }), 'extra\\u0000key'); // a key, even one no schema reads
    const made = await api.post('/data/bag/create', bag(2), { token: rd });
    expect(made.status).toBe(200);
    const after = await rowsOf('bags');
    expectRefused(
      await api.post('/data/bag/update', { id: made.body.data.id, updatedTime: made.body.data.updatedTime, robotType: 'R\u0000' }, { token: rd }),
      'robotType',
      'validation:nul',
      { label: 'bag:fields.robotType' },
    );
    expect(await rowsOf('bags')).toEqual(after);
    expect(after!.count).toBe(before!.count + 1);

    expectRefused(await api.get('/data/bag/query', { token: rd, query: { bagName: 'a\u0000' } }), 'bagName', 'validation:nul', { label: 'bag:fields.bagName' });
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { 'bagStartTime.from': '2026\u0000' } }), 'bagStartTime.from');
    expectRefused(await api.get('/data/bag/export', { token: rd, query: { robotSn: '\u0000' } }), 'robotSn');

    const { id, randomKey } = await api.nonce();
    const signIn = await api.post('/console/account/login/code-pwd', {
      tenantCode: 'demo\u0000',
      code: 'admin',
      cipherDigest: encrypt('x', randomKey),
      nonceId: id,
    });
    expectRefused(signIn, 'tenantCode', 'validation:nul', { label: 'login:fields.tenantCode' });
    expectRefused(await api.post('/console/account/login/code-pwd', { tenantCode: 'demo', code: 'admin', cipherDigest: 'x', nonceId: '\u0000' }), 'nonceId');
    expectRefused(await api.post('/console/account/logout', { sessionKey: 'k\u0000' }), 'sessionKey');

    const accounts = await rowsOf('accounts');
    expectRefused(await api.get('/console/account/query', { token: admin, query: { code: 'ad\u0000' } }), 'code');
    expectRefused(await api.get('/console/account/get-user-info', { token: admin, query: { id: '\u0000' } }), 'id');
    expectRefused(
      await api.createAccount(admin, { role: 'rd', accountCode: 'nul', accountName: 'N\u0000', password: SEED_PASSWORD }),
      'accountName',
      'validation:nul',
      { label: 'account:fields.name' },
    );
    expectRefused(await api.post('/console/account/modify-self-basic-info', { name: 'Admin', description: '\u0000' }, { token: admin }), 'description');
    expect(await rowsOf('accounts')).toEqual(accounts);
    expect((await api.signIn('demo', 'admin', SEED_PASSWORD)).status).toBe(200); // the refusals counted as no failed sign-in
  });
});

describe('#8 a malformed cursor', () => {
  const good = '2026-10-01T00:00:00.000Z';
  it.each([
    ['not base64', 'a b!'],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['an object', cursorOf({ value: good, id: 1 })],
    ['null', cursorOf(null)],
    ['one element', cursorOf([good])],
    ['three elements', cursorOf([good, 1, 2])],
    ['a fractional id', cursorOf([good, 1.5])],
    ['a huge id', cursorOf([good, 1e20])],
    ['a negative id', cursorOf([good, -1])],
    ['an id as a string', cursorOf([good, '1'])],
    ['a null value', cursorOf([null, 1])],
    ['an object value', cursorOf([{}, 1])],
    ['a number for a moment', cursorOf([12, 1])],
    ['a moment that does not parse', cursorOf(['yesterday', 1])],
    ['a moment the database cannot hold', cursorOf(['-271821-04-20T00:00:00.000Z', 1])],
  ])('is refused with 400 on the list and the export: %s', async (_case, cursor) => {
    for (const call of ['query', 'export'])
      expectRefused(await api.get(`/data/bag/${call}`, { token: rd, query: { cursor } }), 'cursor', 'validation:invalid', { label: 'common:cursor' });
  });

  it("is checked against the sort field's type: a number where the field is money, a moment where it is a time", async () => {
    for (let n = 1; n <= 3; n += 1) expect((await api.post('/lab/ledger/create', { name: `l${n}`, amount: n * 10 }, { token: admin })).status).toBe(200);
    const first = await api.get('/lab/ledger/query', { token: admin, query: { pageSize: '2' } });
    expect(first.body.data.nextCursor).toBeDefined();
    const next = await api.get('/lab/ledger/query', { token: admin, query: { pageSize: '2', cursor: first.body.data.nextCursor } });
    expect(next.body.data.records.map((row: { amount: number }) => row.amount)).toEqual([10]);
    for (const value of ['10', good, 1e13, null, true])
      expectRefused(await api.get('/lab/ledger/query', { token: admin, query: { cursor: cursorOf([value, 1]) } }), 'cursor');
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { cursor: cursorOf([10, 1]) } }), 'cursor');
  });
});

describe('#9 values beyond what a column holds', () => {
  it.each([
    ['bagStartTime.from', '-271821-04-20T00:00:00Z'],
    ['bagStartTime.to', '275760-09-13T00:00:00Z'],
    ['bagStartTime.from', '0000-12-31'],
    ['bagStartTime.from', '2026-02-30'],
    ['bagStartTime.from', 'Tue Mar 1 2026'],
    ['bagSize.from', '0x10'],
    ['bagSize.from', '9007199254740993'],
    ['bagSize.to', 'Infinity'],
  ])('are refused in list filters: %s=%s', async (name, value) => {
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { [name]: value } }), name.split('.')[0]!, 'validation:invalid', {
      label: `bag:fields.${name.split('.')[0]}`,
    });
  });

  it('are refused in numeric filters by their column: money past 10^12, doubles beyond finite', async () => {
    expectRefused(await api.get('/lab/ledger/query', { token: admin, query: { 'amount.from': '1e12' } }), 'amount');
    expectRefused(await api.get('/lab/ledger/query', { token: admin, query: { 'ratio.to': '1e400' } }), 'ratio');
    expect((await api.get('/lab/ledger/query', { token: admin, query: { 'amount.from': '999999999999.99', 'ratio.to': '1e300' } })).status).toBe(200);
    expect(
      (await api.get('/data/bag/query', { token: rd, query: { 'bagStartTime.from': '0001-01-01', 'bagStartTime.to': '9999-12-31T23:59:59Z' } })).status,
    ).toBe(200);
  });

  it('are refused in create and update: moments outside the years 0001 to 9999, money past 10^12, and nothing is written', async () => {
    const before = await rowsOf('bags');
    for (const moment of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-12:00'])
      expectRefused(await api.post('/data/bag/create', bag(3, { bagStartTime: moment }), { token: rd }), 'bagStartTime', 'validation:datetime', {
        label: 'bag:fields.bagStartTime',
      });
    expect(await rowsOf('bags')).toEqual(before);
    const ledgers = await rowsOf('fixture_ledgers');
    expectRefused(await api.post('/lab/ledger/create', { name: 'rich', amount: 1e12 }, { token: admin }), 'amount', 'validation:max', {
      label: 'bag:fields.bagSize',
      max: 999_999_999_999.99,
    });
    expectRefused(await api.post('/lab/ledger/create', { name: 'late', amount: 1, dueAt: '+275760-09-13T00:00:00Z' }, { token: admin }), 'dueAt');
    const made = await api.post('/lab/ledger/create', { name: 'edge', amount: 999_999_999_999.99, dueAt: '9999-12-31T23:59:59Z' }, { token: admin });
    expect(made.status).toBe(200);
    expectRefused(
      await api.post('/lab/ledger/update', { id: made.body.data.id, updatedTime: made.body.data.updatedTime, dueAt: '0000-06-01T00:00:00Z' }, { token: admin }),
      'dueAt',
    );
    expect((await rowsOf('fixture_ledgers'))!.count).toBe(ledgers!.count + 1);
  });

  it('are refused in the totals: a day whose range would leave the years the database holds', async () => {
    expectRefused(await api.get('/data/bag/totals', { token: rd, query: { to: '0001-01-10' } }), 'to');
    expectRefused(await api.get('/data/bag/totals', { token: rd, query: { from: '0000-01-01', to: '0000-01-02' } }), 'from');
    expectRefused(await api.get('/data/bag/totals', { token: rd, query: { from: 'soon', to: 'later' } }), 'from'); // found by the hostile suite: a 500
  });
});

describe('#10 the export', () => {
  it.each([
    ['a sort', { sort: 'bagOssPath,asc' }, 'sort'],
    ['a sort with a tail', { sort: 'bagSize,desc;x' }, 'sort'],
    ['a filter', { 'bagSize.from': 'lots' }, 'bagSize'],
    ['a date filter', { 'bagStartTime.from': '-271821-04-20T00:00:00Z' }, 'bagStartTime'],
    ['a cursor', { cursor: cursorOf([1, 2, 3]) }, 'cursor'],
  ])('refuses %s with 400 before any byte of CSV, as the list does', async (_case, query, field) => {
    const response = await t.app.inject({ url: '/api/v1/data/bag/export', query, headers: { authorization: `Bearer ${rd}` } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: -1, data: { field } });
    expect((await api.get('/data/bag/query', { token: rd, query })).body).toEqual(response.json());
  });
});

describe("#11 the validation library's own failures", () => {
  it.each([
    ['a string body', '"abc"', 'validation:invalidType', ''],
    ['an array body', '[1]', 'validation:invalidType', ''],
    ['a null body', 'null', 'validation:invalidType', ''],
  ])('come back in both languages: %s', async (_case, payload, key, field) => {
    for (const url of ['/data/bag/create', '/data/bag/update', '/data/bag/delete', '/console/account/modify-self-basic-info']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        payload,
        headers: { authorization: `Bearer ${rd}`, 'content-type': 'application/json' },
      });
      expectRefused({ status: response.statusCode, body: response.json(), headers: {} }, field, key, { label: 'validation:requestBody' });
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/console/account/login/code-pwd',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expectRefused({ status: signIn.statusCode, body: signIn.json(), headers: {} }, field, key, { label: 'validation:requestBody' });
  });

  it('come back in both languages: pageSize=abc, pageNum=1e20, pageNum=1.5', async () => {
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { pageSize: 'abc' } }), 'pageSize', 'validation:invalidType', {
      label: 'common:pageSize',
    });
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { pageNum: '1e20' } }), 'pageNum');
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { pageNum: '1.5' } }), 'pageNum');
    expectRefused(await api.get('/console/account/query', { token: admin, query: { pageSize: 'abc' } }), 'pageSize', 'validation:invalidType', {
      label: 'common:pageSize',
    });
    expectRefused(await api.get('/data/bag/export', { token: rd, query: { lang: 'fr' } }), 'lang');
  });
});

describe('#12 ids', () => {
  it.each([[true], [[16]], ['0x10'], ['1'], [-1], [0], [1.5], [1e20], [null], [{}]])(
    'are refused in JSON bodies unless a positive safe integer: %j',
    async (id) => {
      const made = await api.post('/data/bag/create', bag(5), { token: rd });
      const before = await rowsOf('bags');
      const key = id === null ? 'validation:required' : 'validation:invalidType';
      expectRefused(await api.post('/data/bag/delete', { ids: [id] }, { token: rd }), 'ids.0', key, { label: 'common:id' });
      expectRefused(await api.post('/data/bag/update', { id, updatedTime: made.body.data.updatedTime, robotType: 'changed' }, { token: rd }), 'id');
      expectRefused(await api.post('/console/account/reset-other-account-pwd', { accountId: id }, { token: admin }), 'accountId');
      expect(await rowsOf('bags')).toEqual(before);
      expect((await api.post('/data/bag/delete', { ids: [made.body.data.id] }, { token: rd })).body.data).toEqual({ deleted: 1 });
    },
  );

  it.each(['0x10', '+1', '01', '1e1', '1.0', ' 1', '-1', '0', '99999999999999999', 'true', ''])(
    'are refused in query strings unless plain digits: %j',
    async (id) => {
      expectRefused(await api.get('/data/bag/get', { token: rd, query: { id } }), 'id');
      expectRefused(await api.get('/console/account/get-user-info', { token: admin, query: { id } }), 'id');
    },
  );

  it('are accepted as a JSON number and as plain digits', async () => {
    const made = await api.post('/data/bag/create', bag(6), { token: rd });
    expect((await api.get('/data/bag/get', { token: rd, query: { id: String(made.body.data.id) } })).status).toBe(200);
    expect((await api.post('/data/bag/delete', { ids: [made.body.data.id] }, { token: rd })).status).toBe(200);
  });
});

describe('#13 a sort', () => {
  it.each([
    'id;,asc',
    'bagSize,desc;bagName,asc',
    'bagSize',
    'bagSize,',
    'bagSize,DESC',
    ',asc',
    'bagSize,asc,',
    ' bagSize,asc',
    'constructor,asc',
    'bagOssPath,asc',
  ])('is refused unless exactly field,asc or field,desc of a sortable field: %j', async (sort) => {
    expectRefused(await api.get('/data/bag/query', { token: rd, query: { sort } }), 'sort', 'validation:invalid', { label: 'common:sort' });
  });

  it.each(['bagSize,asc', 'bagSize,desc', 'id,asc', 'createdTime,desc', 'bagStartTime,desc'])('is accepted: %s', async (sort) => {
    expect((await api.get('/data/bag/query', { token: rd, query: { sort } })).status).toBe(200);
  });
});
