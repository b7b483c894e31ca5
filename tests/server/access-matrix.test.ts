import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, type Permission } from '../../model/access/permissions';
import { ROLES } from '../../model/access/roles';
import { accountAdmins } from '../../model/access/rules';
import { heldGrants, type Operation } from '../../model/resources/grants';
import { sampleInput } from '../../model/schemas/engine/sample';
import type { FieldDecl } from '../../model/schemas/engine/types';
import { sha256Hex } from '../../server/auth/cipher';
import { hashDigest } from '../../server/auth/password-hash';
import { systemActor } from '../../server/engine/actor';
import { apiResources, type ApiResource } from '../../server/engine/registry';
import { loose } from '../../server/engine/queries';
import { createAccount } from '../../server/modules/accounts/accounts';
import { prepareSample, resourceOf, samplePlatformRecordsAs, sampleReferences } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/**
 * The access matrix, generated from the declarations: every served entity × every operation ×
 * every role × a record of the caller's own space, of another space, or of the platform. What each
 * call must answer is worked out here from the resource declarations alone, over the record's
 * values in JavaScript; the server decides it in SQL. A newly declared entity is covered as it is.
 */
const { t, api } = useTestApp();

interface Who {
  tenant: 'platform' | 'demo' | 'other';
  code: string;
  role: string;
  internal: boolean;
  tenantId?: number;
  token?: string;
}
const PEOPLE: Who[] = [
  { tenant: 'platform', code: 'admin', role: 'system_admin', internal: true },
  { tenant: 'demo', code: 'admin', role: 'tenant_admin', internal: false },
  { tenant: 'demo', code: 'rd', role: 'rd', internal: false },
  { tenant: 'demo', code: 'operator', role: 'tele_operator', internal: false },
  { tenant: 'other', code: 'admin', role: 'tenant_admin', internal: false },
  { tenant: 'other', code: 'rd', role: 'rd', internal: false },
  { tenant: 'other', code: 'operator', role: 'tele_operator', internal: false },
];
const nameOf = (who: Who) => `${who.tenant}/${who.code} (${who.role})`;
const person = (tenant: Who['tenant'], code: string) => PEOPLE.find((who) => who.tenant === tenant && who.code === code)!;

beforeAll(async () => {
  const db = t.database.db;
  const now = t.clock();
  const other = await db
    .insertInto('tenants')
    .values({
      code: 'other',
      name: 'Other',
      internal: false,
      rawDataStorageQuota: null,
      rawDataDownloadQuota: null,
      description: '',
      createdBy: 'test',
      updatedBy: 'test',
      createdTime: now,
      updatedTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const passwordHash = await hashDigest(sha256Hex(SEED_PASSWORD));
  for (const who of PEOPLE.filter((candidate) => candidate.tenant === 'other'))
    await createAccount(t.records, systemActor(other.id), { code: who.code, name: who.code, role: who.role, passwordHash, mustChangePassword: false });
  for (const who of PEOPLE) {
    who.token = await api.token(who.tenant, who.code);
    if (who.internal) samplePlatformRecordsAs(who.token);
    who.tenantId = (await db.selectFrom('tenants').select('id').where('code', '=', who.tenant).executeTakeFirstOrThrow()).id;
  }
});

type Row = Record<string, unknown> & { id: number; updatedTime: string; tenantId?: number };
type Outcome = 'forbidden' | 'hidden' | 'allowed';

/** A view's preset as the values a record of `who` carries. */
const presetValues = (resource: ApiResource, preset: Record<string, string>, who: Who) =>
  Object.fromEntries(
    Object.entries(preset).map(([field, value]) => {
      const resolved = value === '$me' ? who.code : value;
      return [field, (resource.entity.fields[field] as FieldDecl).column === 'text[]' ? [resolved] : resolved];
    }),
  );

const matches = (resource: ApiResource, record: Row, preset: Record<string, string>, who: Who) =>
  Object.entries(presetValues(resource, preset, who)).every(([field, value]) =>
    Array.isArray(value) ? (record[field] as string[]).includes(value[0]!) : record[field] === value,
  );

const parentOf = (resource: ApiResource) => {
  const field = resource.entity.belongsTo as string | undefined;
  return field ? { field, resource: resourceOf((resource.entity.fields[field] as FieldDecl).reference!) } : undefined;
};

/** What spec §6 and the declarations say `who` may do with `record`. */
async function expected(who: Who, resource: ApiResource, operation: Operation, record: Row): Promise<Outcome> {
  const held = heldGrants(resource.grants(operation), permissionsOf(who));
  if (!held.length) return 'forbidden';
  const seesAll = resource.entity.scope === 'platform' || (resource.entity.platformSeesAll && who.internal);
  if (!seesAll && record.tenantId !== who.tenantId) return 'hidden';
  if (!held.some((grant) => !grant.preset || matches(resource, record, grant.preset, who))) return 'hidden';
  const parent = parentOf(resource);
  if (parent) {
    const parentRecord = (await loose(t.database.db)
      .selectFrom(parent.resource.entity.table)
      .selectAll()
      .where('id', '=', record[parent.field] as number)
      .executeTakeFirst()) as Row;
    if ((await expected(who, parent.resource, 'read', parentRecord)) !== 'allowed') return 'hidden';
  }
  return 'allowed';
}

let made = 100_000; // apart from the helpers' own sample numbers, so unique names never meet
const demo = () => person('demo', 'admin');
/** Whether `who` reads the entity only through views (a tele_operator's tickets, anyone's own keys). */
const throughViews = (resource: ApiResource, who: Who): boolean => {
  const held = heldGrants(resource.grants('read'), permissionsOf(who));
  const parent = parentOf(resource);
  return held.length > 0 && (held.every((grant) => grant.preset) || (parent !== undefined && throughViews(parent.resource, who)));
};

/**
 * A record for `who` to try: the platform's for a platform entity, else one of the demo space.
 * `mine`: shaped to the first view `who` reads through (a ticket naming them, their own key), and
 * made by `who` where they may; otherwise made by someone else, outside their views.
 */
async function recordFor(resource: ApiResource, who: Who, mine: boolean): Promise<Row> {
  const platform = resource.entity.scope === 'platform';
  const view = heldGrants(resource.grants('read'), permissionsOf(who)).find((grant) => grant.preset)?.preset;
  const values = mine && view && who.tenant === 'demo' ? presetValues(resource, view, who) : {};
  const parent = parentOf(resource);
  const given = parent ? { [parent.resource.entity.name]: (await recordFor(parent.resource, who, mine)).id } : {};
  const demoStaff = PEOPLE.filter((candidate) => candidate.tenant === 'demo' && (!mine ? candidate !== who : true));
  const makers = platform ? [person('platform', 'admin')] : [...(mine && who.tenant === 'demo' ? [who] : []), ...demoStaff];
  const maker = makers.find((candidate) => heldGrants(resource.grants('create'), permissionsOf(candidate)).length > 0);
  const references = await sampleReferences(api, resource, (platform ? person('platform', 'admin') : demo()).token!, given);
  // Readied for whoever makes it (an annotation's job given to its maker).
  const prepared = await prepareSample(api, resource, references, (maker ?? (platform ? person('platform', 'admin') : demo())).token!);
  const input = { ...sampleInput(resource.entity, ++made, references), ...prepared, ...values };
  if (maker) {
    const reply = await api.post(`${resource.api}/create`, input, { token: maker.token });
    if (reply.status !== 200) throw new Error(`create ${resource.api} as ${nameOf(maker)}: ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  }
  const [record] = await t.records.createMany(systemActor(platform ? null : demo().tenantId!), resource.entity, [input]);
  return record as unknown as Row;
}

const stored = async (resource: ApiResource, id: number) =>
  (await loose(t.database.db).selectFrom(resource.entity.table).select(['id', 'updatedTime']).where('id', '=', id).executeTakeFirst()) as
    { id: number; updatedTime: Date } | undefined;

const STATUS: Record<Outcome, number[]> = { forbidden: [403], hidden: [404], allowed: [200] };

describe.each(apiResources.map((resource) => [resource.api, resource] as const))('%s', (_path, resource) => {
  const transitions = Object.keys(resource.entity.states?.actions ?? {});
  const cases = PEOPLE.flatMap((who) => [
    [`as ${nameOf(who)}`, who, true] as const,
    ...(throughViews(resource, who) ? [[`as ${nameOf(who)}, outside their views`, who, false] as const] : []),
  ]);
  it.each(cases)('%s', async (_name, who, mine) => {
    const record = await recordFor(resource, who, mine);
    const as = { token: who.token };
    const id = String(record.id);
    const check = async (operation: Operation, call: string, status: number, allowedAlso: number[] = []) => {
      const outcome = await expected(who, resource, operation, record);
      expect(
        [...STATUS[outcome], ...(outcome === 'allowed' ? allowedAlso : [])],
        `${call} as ${nameOf(who)} on a record of ${record.tenantId ?? 'the platform'}`,
      ).toContain(status);
      return outcome;
    };

    const listed = await api.get(`${resource.api}/query`, { ...as, query: { pageSize: '1000' } });
    const readOutcome = await expected(who, resource, 'read', record);
    if (readOutcome === 'forbidden') expect(listed.status).toBe(403);
    else expect((listed.body.data.records as Row[]).some((row) => row.id === record.id)).toBe(readOutcome === 'allowed');
    await check('read', 'get', (await api.get(`${resource.api}/get`, { ...as, query: { id } })).status);
    const csv = await t.app.inject({ url: `/api/v1${resource.api}/export`, headers: { authorization: `Bearer ${who.token}` } });
    if (readOutcome === 'forbidden') expect(csv.statusCode).toBe(403);
    else
      expect(
        csv.payload
          .split('\n')
          .slice(1)
          .some((line) => line.split(',')[0] === id),
      ).toBe(readOutcome === 'allowed');

    if (resource.entity.rollup) {
      // Totals are per space: only a reader of all of the space's records has them.
      const totals = await api.get(`${resource.api}/totals`, as);
      expect(totals.status).toBe(readOutcome === 'forbidden' || throughViews(resource, who) ? 403 : 200);
    }

    const create = await api.post(`${resource.api}/create`, {}, as);
    const mayCreate = heldGrants(resource.grants('create'), permissionsOf(who)).length > 0;
    expect(create.status === 403, `create as ${nameOf(who)}`).toBe(!mayCreate);

    await check('update', 'update', (await api.post(`${resource.api}/update`, { id: record.id, updatedTime: record.updatedTime }, as)).status);
    // A transition the caller may run on a record in another state is refused for its state, not its access.
    for (const name of transitions) await check(name, name, (await api.post(`${resource.api}/${name}`, { ids: [record.id] }, as)).status, [409]);
    const refused = (await Promise.all(['update', ...transitions, 'delete'].map((op) => expected(who, resource, op, record)))).every((o) => o !== 'allowed');
    const before = await stored(resource, record.id);
    const deleted = await check('delete', 'delete', (await api.post(`${resource.api}/delete`, { ids: [record.id] }, as)).status);
    const after = await stored(resource, record.id);
    if (deleted === 'allowed') expect(after).toBeUndefined();
    else expect(after).toEqual(before);
    // Nothing the caller was refused changed the record.
    if (refused) expect(after?.updatedTime.toISOString()).toBe(record.updatedTime);
  });
});

/**
 * A module's calls about one record (`{api}/{id}/...` in the OpenAPI document: a task's run, an
 * instance's log): whoever reads none of the entity is refused, and a record of another space is
 * not found, whatever the call and whatever its body. Generated from the document, so a new such
 * call is covered as it is.
 */
/** JSON bodies no call takes, and text that is no JSON at all. */
const INVALID_BODIES = ['{}', '{', 'not json', '[1]', 'null', JSON.stringify({ ids: 'x', progress: 'x', mode: 7, reason: [], assignee: {}, results: 1 })];

describe('module calls about one record', () => {
  const recordCalls = () =>
    apiResources.flatMap((resource) =>
      Object.entries((document?.paths ?? {}) as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        path.startsWith(`${resource.api}/{id}/`) ? Object.keys(item).map((method) => [method.toUpperCase() as 'GET' | 'POST', path, resource] as const) : [],
      ),
    );
  let document: { paths: Record<string, Record<string, unknown>> } | undefined;
  beforeAll(async () => {
    document = (await api.get('/openapi.json')).body;
  });

  it('exist (a task runs, an instance has its log)', () => {
    expect(recordCalls().map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'POST /taskFlow/task/{id}/run',
        'GET /taskFlow/instance/{id}/logs',
        'GET /taskFlow/instance/{id}/logs/stream',
        'GET /taskFlow/instance/{id}/metrics',
        'GET /taskFlow/instance/{id}/comparable-runs',
        'GET /training/model-card/{id}/files',
        'GET /training/model-card/{id}/files/{name}/link',
        'GET /training/model-card/{id}/lineage',
        'GET /training/model-export/{id}/files',
        'GET /training/model-export/{id}/files/{name}/link',
        'GET /evaluation/evaluation-record/{id}/results',
        'PUT /evaluation/structured-data/{id}/files/{name}',
        'GET /evaluation/structured-data/{id}/files/{name}/link',
      ]),
    );
  });

  it('refuse whoever reads none of the entity, and find no record of another space', async () => {
    for (const [method, path, resource] of recordCalls()) {
      const record = await recordFor(resource, demo(), true);
      // The call's required query parameters, given plausibly, so a refusal is about access and not input.
      const parameters = (
        (document!.paths[path]![method.toLowerCase()] as { parameters?: { name: string; in: string; required?: boolean }[] }).parameters ?? []
      )
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=1`);
      // Other path parameters (a file's name) given plausibly too.
      const url = `/api/v1${path.replace('{id}', String(record.id)).replace(/\{\w+\}/g, 'x1')}${parameters.length ? `?${parameters.join('&')}` : ''}`;
      // A call with a body is sent bodies it could never take too: the record is looked up before the body is read.
      const bodies = method === 'GET' ? [undefined] : INVALID_BODIES;
      for (const who of PEOPLE) {
        const reads = heldGrants(resource.grants('read'), permissionsOf(who)).length > 0;
        const ownSpace = resource.entity.scope === 'platform' || who.tenantId === record.tenantId;
        if (reads && ownSpace) continue; // what they may do there, the module's own tests say
        // A run's own calls (its progress, its output) take no session: any session is refused for want of the run's token.
        const refused = reads ? [403, 404] : [403];
        for (const body of bodies) {
          const headers = { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
          const reply = await t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) });
          expect(refused, `${method} ${path} as ${nameOf(who)} with ${body}`).toContain(reply.statusCode);
        }
      }
    }
  });
});

it('covers every role, a second space and the platform', () => {
  expect(new Set(PEOPLE.map((who) => who.role))).toEqual(new Set(['system_admin', 'tenant_admin', 'rd', 'tele_operator']));
  expect(new Set(PEOPLE.map((who) => who.tenant))).toEqual(new Set(['platform', 'demo', 'other']));
  expect(apiResources.filter((resource) => resource.entity.scope === 'platform').length).toBeGreaterThan(0);
});

/** Spec §6 in its own words, over the grants the matrix above takes as its oracle. */
describe('the declarations keep spec §6', () => {
  const everyPermission = (['internal', 'external'] as const).flatMap((prefix) => ROLES.map((role) => `${prefix}:${role}` as Permission));
  const operations = (resource: ApiResource) => ['read', 'create', 'update', 'delete', ...Object.keys(resource.entity.states?.actions ?? {})];
  const holders = (resource: ApiResource, operation: Operation) =>
    everyPermission.filter((permission) => heldGrants(resource.grants(operation), [permission]).length);

  it.each(apiResources.filter((resource) => resource.entity.scope === 'platform').map((resource) => [resource.api, resource] as const))(
    "%s: the platform's records are written by the platform's system_admin alone",
    (_path, resource) => {
      for (const operation of operations(resource).filter((name) => name !== 'read'))
        expect(
          holders(resource, operation).every((permission) => permission === 'internal:system_admin'),
          operation,
        ).toBe(true);
    },
  );

  it('no read-only list grants a write', () => {
    for (const resource of apiResources)
      for (const operation of operations(resource).filter((name) => name !== 'read'))
        expect(resource.grants(operation).filter((grant) => grant.list.secondary)).toEqual([]);
  });

  it('a tele_operator reads tickets and their work only: the tickets naming them, their own jobs and the jobs they review', () => {
    const operator: Permission[] = ['external:tele_operator'];
    const read = apiResources.filter((resource) => heldGrants(resource.grants('read'), operator).length).map((resource) => resource.entity.name);
    expect(read.sort()).toEqual(['annotation', 'ticket', 'ticket-item', 'ticket-job', 'ticket-job-event']);
    // Tickets and jobs through views of their own alone; the rest through the job they belong to.
    for (const name of ['ticket', 'ticket-job'])
      for (const operation of operations(resourceOf(name)))
        for (const grant of heldGrants(resourceOf(name).grants(operation), operator)) expect(Object.values(grant.preset ?? {})).toContain('$me');
    expect(resourceOf('ticket-job').entity.belongsTo).toBe('ticketId');
    expect(resourceOf('ticket-item').entity.belongsTo).toBe('jobId');
    expect(resourceOf('annotation').entity.belongsTo).toBe('itemId');
    expect(resourceOf('ticket-job-event').entity.belongsTo).toBe('jobId');
  });

  it("an access key is managed by its owner; a space's administrators list and disable any, nothing more", () => {
    const keys = resourceOf('access-key');
    for (const operation of operations(keys)) {
      const open = keys.grants(operation).filter((grant) => !grant.preset);
      const expectedOpen = operation === 'read' || operation === 'disable' ? [...accountAdmins].sort() : [];
      expect(holders({ ...keys, grants: () => open }, operation).sort(), operation).toEqual(expectedOpen);
      for (const grant of keys.grants(operation).filter((candidate) => candidate.preset)) expect(grant.preset).toEqual({ owner: '$me' });
    }
  });
});
