import { beforeAll, describe, expect, it } from 'vitest';
import { sampleInput } from '../../model/schemas/engine/sample';
import { createSample, resourceOf } from './helpers/entities';
import { useTestApp } from './helpers/test-app';

/** The access holes, each by name: writes never follow reads, views bind tele_operators, keys belong to their owners. */
const { t, api } = useTestApp();
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, tenant, code] of [
    ['platform', 'platform', 'admin'],
    ['admin', 'demo', 'admin'],
    ['rd', 'demo', 'rd'],
    ['operator', 'demo', 'operator'],
  ] as const)
    tokens[name] = await api.token(tenant, code);
  const created = await api.createAccount(tokens.admin!, { role: 'rd', accountCode: 'rd2', accountName: 'Second R&D', password: 'Second-Rd-2026' });
  expect(created.status).toBe(200);
  tokens.rd2 = await api.token('demo', 'rd2', 'Second-Rd-2026');
});

const as = (who: string) => ({ token: tokens[who]! });
const get = (path: string, id: number, who: string) => api.get(`${path}/get`, { ...as(who), query: { id: String(id) } });
const listedIds = async (path: string, who: string, query: Record<string, string> = {}) =>
  ((await api.get(`${path}/query`, { ...as(who), query: { pageSize: '1000', ...query } })).body.data.records as { id: number }[]).map((row) => row.id);

describe("the platform's records are written only by the platform's administrator", () => {
  for (const entity of ['task-image', 'template-task']) {
    const { api: path } = resourceOf(entity);
    it(`a space's rd and tenant_admin read ${entity} records but may not create, update or delete them`, async () => {
      const record = await createSample(api, resourceOf(entity), tokens.platform!);
      for (const who of ['rd', 'admin']) {
        expect((await get(path, record.id, who)).status).toBe(200);
        expect((await api.post(`${path}/create`, sampleInput(resourceOf(entity).entity, 900), as(who))).status).toBe(403);
        expect((await api.post(`${path}/update`, { id: record.id, updatedTime: record.updatedTime, description: 'hijacked' }, as(who))).status).toBe(403);
        expect((await api.post(`${path}/delete`, { ids: [record.id] }, as(who))).status).toBe(403);
      }
      const unchanged = await get(path, record.id, 'platform');
      expect(unchanged.body.data.updatedTime).toBe(record.updatedTime);
      expect((await api.post(`${path}/delete`, { ids: [record.id] }, as('platform'))).status).toBe(200);
    });
  }
});

describe('a tele_operator reaches only the tickets that name them', () => {
  const tickets = resourceOf('ticket');
  const items = resourceOf('ticket-item');
  const jobs = resourceOf('ticket-job');
  let versionId: number;
  let n = 0;
  /** A ticket of a team of these managers and members, made by the space's administrator. */
  const ticket = async (managers: string[], members: string[]) => {
    n += 1;
    const team = await api.post('/data/ticket-team/create', { name: `access-team-${n}`, managers, members }, as('admin'));
    const reply = await api.post(
      `${tickets.api}/create`,
      { name: `access-${n}`, ticketType: 'label', batch: 'b', jobSize: 1, versionId, teamId: team.body.data.id },
      as('admin'),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as { id: number; updatedTime: string; status: string };
  };
  let managed: { id: number }, pending: { id: number }, foreign: { id: number; updatedTime: string; status: string };
  beforeAll(async () => {
    // A version of two recordings: a ticket of one-item jobs gives each of two members one.
    const dataset = (await api.post('/data/dataset/create', { name: 'access-two', owner: 'admin', datasetType: 'raw' }, as('admin'))).body.data;
    for (let index = 0; index < 2; index += 1) {
      const bag = await createSample(api, resourceOf('bag'), tokens.admin!);
      await api.post('/data/dataset-item/create', { datasetId: dataset.id, bagId: bag.id }, as('admin'));
    }
    versionId = (await api.post('/data/dataset-version/create', { datasetId: dataset.id, version: '1.0.0' }, as('admin'))).body.data.id;
    managed = await ticket(['operator'], ['someone']);
    pending = await ticket(['admin'], ['someone', 'operator']);
    foreign = await ticket(['admin'], ['someone']);
  });

  it('lists, gets and exports only their tickets', async () => {
    const ids = await listedIds(tickets.api, 'operator');
    expect(ids).toEqual(expect.arrayContaining([managed.id, pending.id]));
    expect(ids).not.toContain(foreign.id);
    expect((await get(tickets.api, foreign.id, 'operator')).status).toBe(404);
    expect((await get(tickets.api, managed.id, 'operator')).status).toBe(200);
    const csv = await t.app.inject({ url: `/api/v1${tickets.api}/export`, headers: { authorization: `Bearer ${tokens.operator}` } });
    expect(csv.statusCode).toBe(200);
    const exported = csv.payload
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => Number(line.split(',')[0]));
    expect(exported).toEqual(expect.arrayContaining([managed.id, pending.id]));
    expect(exported).not.toContain(foreign.id);
  });

  it('marks done only the tickets they manage; another ticket is not found and stays as it was', async () => {
    expect((await api.post(`${tickets.api}/${foreign.id}/mark-done`, { reason: 'x' }, as('operator'))).status).toBe(404);
    expect((await api.post(`${tickets.api}/${pending.id}/mark-done`, { reason: 'x' }, as('operator'))).status).toBe(404);
    const after = await get(tickets.api, foreign.id, 'admin');
    expect(after.body.data).toMatchObject({ status: foreign.status, updatedTime: foreign.updatedTime });
    expect((await api.post(`${tickets.api}/${managed.id}/mark-done`, { reason: 'closed early' }, as('operator'))).status).toBe(200);
    expect((await api.post(`${tickets.api}/reopen`, { ids: [managed.id] }, as('operator'))).status).toBe(200);
  });

  it('reads and works only their own jobs and items', async () => {
    const theirs = (await api.get(`${jobs.api}/query`, { ...as('admin'), query: { ticketId: String(pending.id) } })).body.data.records as {
      id: number;
      assignee: string;
    }[];
    const own = theirs.find((job) => job.assignee === 'operator')!;
    const other = theirs.find((job) => job.assignee === 'someone')!;
    expect(await listedIds(jobs.api, 'operator', { ticketId: String(pending.id) })).toEqual([own.id]);
    expect((await api.post(`${jobs.api}/start`, { ids: [other.id] }, as('operator'))).status).toBe(404);
    expect((await api.post(`${jobs.api}/start`, { ids: [own.id] }, as('operator'))).status).toBe(200);
    const [otherItem] = (await api.get(`${items.api}/query`, { ...as('admin'), query: { jobId: String(other.id) } })).body.data.records;
    expect(await listedIds(items.api, 'operator', { jobId: String(other.id) })).toEqual([]);
    expect((await get(items.api, otherItem.id, 'operator')).status).toBe(404);
    const update = { id: otherItem.id, updatedTime: otherItem.updatedTime, note: 'x' };
    expect((await api.post(`${items.api}/update`, update, as('operator'))).status).toBe(404);
    expect((await get(items.api, otherItem.id, 'admin')).body.data.updatedTime).toBe(otherItem.updatedTime);
  });

  it('sees the names of the dataset and team of their tickets, which they may not open', async () => {
    const { records } = (await api.get(`${tickets.api}/query`, as('operator'))).body.data;
    const shown = records.find((record: { id: number }) => record.id === managed.id);
    const dataset = (await get('/data/dataset', shown.datasetId, 'admin')).body.data;
    const team = (await get('/data/ticket-team', shown.teamId, 'admin')).body.data;
    const version = (await get('/data/dataset-version', shown.versionId, 'admin')).body.data;
    expect(shown.titles).toEqual({ datasetId: dataset.name, teamId: team.name, versionId: version.version });
    // nothing more of it: what a link to the dataset would need (its type) goes only to a reader who may open it
    expect(shown.links).toBeUndefined();
    const got = (await get(tickets.api, managed.id, 'operator')).body.data;
    expect([got.titles, got.links]).toEqual([shown.titles, undefined]);
    expect((await get('/data/dataset', shown.datasetId, 'operator')).status).toBe(403);
  });

  it("sends a reader who may open the ticket's dataset what a link to it needs: its view is its type, by name; a team links by id alone", async () => {
    const { records } = (await api.get(`${tickets.api}/query`, as('admin'))).body.data;
    const shown = records.find((record: { id: number }) => record.id === managed.id);
    const dataset = (await get('/data/dataset', shown.datasetId, 'admin')).body.data;
    expect(shown.links).toEqual({ datasetId: { name: dataset.name, datasetType: dataset.datasetType } });
    expect((await get(tickets.api, managed.id, 'admin')).body.data.links).toEqual(shown.links);
  });
});

describe('an access key belongs to its owner', () => {
  const keys = resourceOf('access-key');
  const key = async (who: string) => {
    const reply = await api.post(`${keys.api}/create`, { name: `${who}'s key` }, as(who));
    expect(reply.status).toBe(200);
    return reply.body.data as { id: number; updatedTime: string; owner: string };
  };
  const action = (name: string, id: number, who: string) => api.post(`${keys.api}/${name}`, { ids: [id] }, as(who));

  it('another member neither sees nor touches it', async () => {
    const mine = await key('rd');
    expect(await listedIds(keys.api, 'rd2')).not.toContain(mine.id);
    expect((await get(keys.api, mine.id, 'rd2')).status).toBe(404);
    for (const name of ['disable', 'enable']) expect((await action(name, mine.id, 'rd2')).status).toBe(404);
    expect((await api.post(`${keys.api}/update`, { id: mine.id, updatedTime: mine.updatedTime, name: 'renamed' }, as('rd2'))).status).toBe(404);
    expect((await api.post(`${keys.api}/delete`, { ids: [mine.id] }, as('rd2'))).status).toBe(404);
    expect((await get(keys.api, mine.id, 'rd')).body.data).toMatchObject({ name: "rd's key", updatedTime: mine.updatedTime, status: 'enabled' });
  });

  it("the space's tenant_admin lists and disables a member's key, and may not re-enable, rename or delete it", async () => {
    const mine = await key('rd');
    expect(await listedIds(keys.api, 'admin')).toContain(mine.id);
    const got = await get(keys.api, mine.id, 'admin');
    expect(got.status).toBe(200);
    expect(got.body.data.secretHash).toBe('');
    expect((await action('disable', mine.id, 'admin')).status).toBe(200);
    expect((await action('enable', mine.id, 'admin')).status).toBe(404);
    const disabled = (await get(keys.api, mine.id, 'rd')).body.data;
    expect(disabled.status).toBe('disabled');
    expect((await api.post(`${keys.api}/update`, { id: mine.id, updatedTime: disabled.updatedTime, name: 'renamed' }, as('admin'))).status).toBe(404);
    expect((await api.post(`${keys.api}/delete`, { ids: [mine.id] }, as('admin'))).status).toBe(404);
    // The owner still manages it.
    expect((await action('enable', mine.id, 'rd')).status).toBe(200);
    expect((await api.post(`${keys.api}/delete`, { ids: [mine.id] }, as('rd'))).status).toBe(200);
  });

  it("the owner manages their own keys, and a tenant_admin's own keys are theirs alone to manage", async () => {
    const own = await key('admin');
    expect((await action('disable', own.id, 'admin')).status).toBe(200);
    expect((await action('enable', own.id, 'admin')).status).toBe(200);
    expect(await listedIds(keys.api, 'rd')).not.toContain(own.id);
    expect((await api.post(`${keys.api}/delete`, { ids: [own.id] }, as('admin'))).status).toBe(200);
  });
});
