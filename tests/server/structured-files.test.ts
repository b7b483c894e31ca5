import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { structuredData } from '../../model/schemas/structured-data';
import { systemActor } from '../../server/engine/actor';
import type { ApiResource } from '../../server/engine/registry';
import { createSample, resourceOf } from './helpers/entities';
import { SEED_PASSWORD, useTestApp, type TestApp } from './helpers/test-app';
import type { Api } from './helpers/api';

/** Spec §3/§5: a structured data record's files are uploaded (size and SHA-256 kept), never 0 bytes, and keep the name of their first upload. */
const API = '/evaluation/structured-data';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The objects the store holds under a record's files (every upload lies under a key of its own). */
function storedObjects(t: TestApp, record: { id: number; tenantId: number }): string[] {
  const root = path.join(t.config.dataDir, 'objects', 'structured-data', String(record.tenantId), String(record.id));
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const put = (t: TestApp, id: number, name: string, token: string, payload: Buffer | Readable | string, query = '') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1${API}/${id}/files/${name}${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload,
  });

const filesOf = async (api: Api, token: string, id: number) =>
  JSON.parse((await api.get(`${API}/get`, { token, query: { id: String(id) } })).body.data.files || '[]') as {
    name: string;
    size: number;
    sha256: string;
  }[];

/** A structured data record of the demo space, made by hand as the list's create does. */
async function newRecord(api: Api, token: string) {
  const bag = await createSample(api, resourceOf('bag'), token);
  const reply = await api.post(
    `${API}/create`,
    { bagId: bag.id, structureType: 'lerobot', version: `v${Math.floor(Math.random() * 1e6)}`, robotSn: 'G1-A009' },
    { token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as { id: number; tenantId: number; files: string };
}

describe('a structured data record’s files', () => {
  const { t, api } = useTestApp();
  let rd: string;
  let platform: string;
  let operator: string;
  let record: { id: number; tenantId: number; files: string };
  beforeAll(async () => {
    rd = await api.token('demo', 'rd', SEED_PASSWORD);
    platform = await api.token('platform', 'admin', SEED_PASSWORD);
    operator = await api.token('demo', 'operator', SEED_PASSWORD);
    record = await newRecord(api, rd);
  });

  it('are not typed: a record starts without files, and one given by hand is not taken', async () => {
    expect(record.files).toBe('');
    const typed = await api.post(
      `${API}/update`,
      {
        id: record.id,
        updatedTime: (await api.get(`${API}/get`, { token: rd, query: { id: String(record.id) } })).body.data.updatedTime,
        files: '[{"name":"x","size":1}]',
      },
      { token: rd },
    );
    expect(await filesOf(api, rd, record.id)).toEqual([]);
    expect([200, 400]).toContain(typed.status);
  });

  it('are stored with their size and SHA-256, and downloaded through a signed link as they were sent', async () => {
    const bytes = randomBytes(200_000);
    const reply = await put(t, record.id, 'episode_000001.parquet', rd, bytes);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.file).toMatchObject({ name: 'episode_000001.parquet', size: bytes.length, sha256: sha256(bytes) });
    expect(await filesOf(api, rd, record.id)).toMatchObject([{ name: 'episode_000001.parquet', size: 200_000, sha256: sha256(bytes) }]);

    const link = await api.get(`${API}/${record.id}/files/episode_000001.parquet/link`, { token: rd });
    expect(link.status).toBe(200);
    expect(link.body.data).toMatchObject({ fileName: 'episode_000001.parquet', size: 200_000, sha256: sha256(bytes) });
    const downloaded = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(downloaded.statusCode).toBe(200);
    expect(sha256(downloaded.rawPayload)).toBe(sha256(bytes));
    expect((await api.get(`${API}/${record.id}/files/nothing.bin/link`, { token: rd })).status).toBe(404);
  });

  it('are recorded as the person who uploaded them: the audit trail names them, not the system', async () => {
    const fresh = await newRecord(api, rd);
    expect((await put(t, fresh.id, 'episode_000002.parquet', rd, Buffer.from('parquet bytes'))).statusCode).toBe(200);
    const admin = await api.token('demo', 'admin', SEED_PASSWORD);
    const trail = (
      await api.get('/console/audit-event/query', {
        token: admin,
        query: { entity: 'structured-data', recordId: String(fresh.id), sort: 'createdTime,asc', pageSize: '10' },
      })
    ).body.data.records as { action: string; createdBy: string; actorKind: string; changes: string }[];
    expect(trail.map((event) => [event.action, event.createdBy, event.actorKind])).toEqual([
      ['create', 'rd', 'person'],
      ['update', 'rd', 'person'],
    ]);
    expect(Object.keys(JSON.parse(trail[1]!.changes))).toEqual(['files']);
    expect((await api.get(`${API}/get`, { token: rd, query: { id: String(fresh.id) } })).body.data.updatedBy).toBe('rd');
  });

  it.each([
    ['an empty body', () => Buffer.alloc(0)],
    ['an empty stream (no length announced)', () => Readable.from([])],
  ])('refuse a file of 0 bytes (%s) with 400 and keep nothing', async (_how, body) => {
    const before = storedObjects(t, record);
    const files = await filesOf(api, rd, record.id);
    const reply = await put(t, record.id, 'empty.parquet', rd, body());
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toEqual({ zh_CN: '结构化数据文件不能为 0 字节', en_US: 'Structured data files cannot be 0 bytes' });
    expect(await filesOf(api, rd, record.id)).toEqual(files);
    expect(storedObjects(t, record)).toEqual(before);
  });

  it('replace a file under its first name, with the new size and SHA-256; a replacement under another name is refused', async () => {
    await put(t, record.id, 'features.json', rd, Buffer.from('{"a":1}'));
    const bytes = Buffer.from('{"a":1,"b":2}\n');
    const same = await put(t, record.id, 'features.json', rd, bytes, '?replace=features.json');
    expect(same.statusCode, same.body).toBe(200);
    const files = await filesOf(api, rd, record.id);
    expect(files.filter((file) => file.name === 'features.json')).toMatchObject([{ size: bytes.length, sha256: sha256(bytes) }]);
    // the replaced bytes are gone: one object per file
    expect(storedObjects(t, record)).toHaveLength(files.length);

    const renamed = await put(t, record.id, 'features-v2.json', rd, Buffer.from('{"c":3}'), '?replace=features.json');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toEqual({
      zh_CN: '结构化数据文件名称须与首次上传的文件一致：features.json',
      en_US: 'A structured data file must have the same name as the first upload: features.json',
    });
    expect(await filesOf(api, rd, record.id)).toEqual(files);
    expect(storedObjects(t, record)).toHaveLength(files.length);
  });

  it('refuse bad input with 400, never a 500', async () => {
    for (const name of ['a%2Fb', 'name%20with%20space', '%E6%96%87%E4%BB%B6'])
      expect((await put(t, record.id, name, rd, Buffer.from('x'))).statusCode, name).toBe(400);
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/v1${API}/${record.id}/files/a.json`,
      headers: { authorization: `Bearer ${rd}`, 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(json.statusCode).toBe(400);
    expect((await put(t, record.id, 'a.json', rd, Buffer.from('x'), '?replace=..')).statusCode).toBe(400);
    // ".." as a path segment is the router's: no such route
    expect((await put(t, record.id, '..', rd, Buffer.from('x'))).statusCode).toBe(404);
    expect(await filesOf(api, rd, record.id)).not.toContainEqual(expect.objectContaining({ name: 'a.json' }));
  });

  it('of another space cannot be reached, and whoever reads no structured data is refused', async () => {
    const before = storedObjects(t, record);
    expect((await put(t, record.id, 'episode_000001.parquet', platform, Buffer.from('intruder'))).statusCode).toBe(404);
    expect((await api.get(`${API}/${record.id}/files/episode_000001.parquet/link`, { token: platform })).status).toBe(404);
    expect((await put(t, record.id, 'episode_000001.parquet', operator, Buffer.from('intruder'))).statusCode).toBe(403);
    expect((await api.get(`${API}/${record.id}/files/episode_000001.parquet/link`, { token: operator })).status).toBe(403);
    expect(storedObjects(t, record)).toEqual(before);
  });

  it('leave no entry and no object when the upload breaks off', async () => {
    const before = await filesOf(api, rd, record.id);
    const objects = storedObjects(t, record);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: `/api/v1${API}/${record.id}/files/broken.parquet`,
        headers: { authorization: `Bearer ${rd}`, 'content-type': 'application/octet-stream', 'content-length': '1000000' },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(randomBytes(64 * 1024), () => setTimeout(() => request.destroy(), 100));
    });
    // The server learns of it as the socket closes: give it the moment it takes to clean up.
    await expect.poll(() => storedObjects(t, record), { timeout: 5000 }).toEqual(objects);
    expect(await filesOf(api, rd, record.id)).toEqual(before);
  });
});

describe('a reader who may not update the record', () => {
  // The same lists, but writes granted only on the records one made oneself: rd reads the admin's record, may not write it.
  const base = resourceOf('structured-data');
  const ownWrites: ApiResource = {
    ...base,
    grants: (operation) =>
      operation === 'read' ? base.grants(operation) : base.grants(operation).map((grant) => ({ ...grant, preset: { createdBy: '$me' } })),
  };
  const { t, api } = useTestApp({}, { resources: [ownWrites] });

  it('is refused with 403 and nothing is kept; on their own record the same upload is taken', async () => {
    const rd = await api.token('demo', 'rd', SEED_PASSWORD);
    const demo = (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
    const bag = await createSample(api, resourceOf('bag'), rd);
    const make = (version: string, createdBy: string) =>
      t.records.create(systemActor(demo), structuredData, { bagId: bag.id, structureType: 'hdf5', version, robotSn: 'G1-A001', createdBy });
    const theirs = (await make('v1.0', 'admin')) as { id: number; tenantId: number };
    const mine = (await make('v2.0', 'rd')) as { id: number; tenantId: number };

    expect((await api.get(`${API}/get`, { token: rd, query: { id: String(theirs.id) } })).status).toBe(200); // a reader
    const refused = await put(t, theirs.id, 'episode_000000.hdf5', rd, Buffer.from('hdf5 bytes'));
    expect(refused.statusCode).toBe(403);
    expect(await filesOf(api, rd, theirs.id)).toEqual([]);
    expect(storedObjects(t, theirs)).toEqual([]);

    const taken = await put(t, mine.id, 'episode_000000.hdf5', rd, Buffer.from('hdf5 bytes'));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(storedObjects(t, mine)).toHaveLength(1);
  });
});
