import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldEntries } from '../../model/schemas/engine/entity';
import { sampleInput } from '../../model/schemas/engine/sample';
import type { FieldDecl } from '../../model/schemas/engine/types';
import { systemActor } from '../../server/engine/actor';
import { EXPORT_CAP } from '../../server/engine/export';
import { apiResources, type ApiResource } from '../../server/engine/registry';
import type { Permission } from '../../model/access/permissions';
import { ACCOUNTS, createSample, may, nameOf, type Who } from './helpers/entities';
import {
  call,
  check,
  csvRows,
  expectSound,
  hostileFieldValue,
  hostileId,
  hostileIdParam,
  hostileListQuery,
  hostileNumber,
  hostileParam,
  hostileText,
  hugeText,
  nonObjectBody,
  SEED,
  snapshotOf,
  strangeKey,
  wrongType,
  type Answer,
} from './helpers/hostile';
import { useTestApp } from './helpers/test-app';

/**
 * Hardening, as properties over everything declared: for every entity the API serves
 * (src/schemas, src/resources) its create, update, list, export, get, delete and each transition,
 * and every other call of the OpenAPI document (spec §7 sign-in and accounts, totals, space pages),
 * random and hostile values of each field and parameter never give a 500, nor a 2xx with a cut-off
 * export; every refusal speaks both languages in our own words and changes nothing.
 * A fixed seed in `npm test`; FC_SEED=random (or =<n>) explores, FC_RUNS=<k> runs k times as many cases.
 */
const { t, api } = useTestApp();
const tokens = new Map<string, string>();
let document: { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: any }>> };

beforeAll(async () => {
  if (process.env.FC_SEED) console.info(`hostile-input: FC_SEED=${SEED}`); // a failure names it too
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code));
  document = (await api.get('/openapi.json')).body;
});

/** The demo space's administrator where it may, else the first seeded account that may. */
const PREFERENCE = [ACCOUNTS[1], ACCOUNTS[0], ACCOUNTS[2], ACCOUNTS[3]] as Who[];
const actorFor = (auth: readonly Permission[] | undefined) => PREFERENCE.find((who) => may(who, auth));
const tokenOf = (who: Who) => tokens.get(nameOf(who))!;

/** A call's input as a failure shows it: long strings cut short. */
const show = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 80 ? `${item.slice(0, 40)}…(${item.length} chars)` : item))?.slice(
    0,
    600,
  );

type Input = { body?: unknown; raw?: string };
const omit = (values: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name)));

/** A body built on a valid one: some fields hostile, some left out, a strange key; or no object at all. */
function hostileBody(valid: () => Record<string, unknown>, fields: [string, FieldDecl][], extra: Record<string, fc.Arbitrary<unknown>> = {}) {
  const names = fields.map(([name]) => name);
  const changes = fc
    .subarray(fields, { maxLength: Math.min(3, fields.length) })
    .chain((chosen) => fc.tuple(...chosen.map(([name, field]) => hostileFieldValue(field).map((value) => [name, value] as const))));
  const extras = fc.tuple(...Object.entries(extra).map(([name, value]) => value.map((item) => [name, item] as const)));
  return fc.oneof(
    { weight: 1, arbitrary: nonObjectBody.map((raw): Input => ({ raw })) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(changes, extras, fc.subarray(names, { maxLength: Math.min(1, names.length) }), fc.array(fc.tuple(strangeKey, wrongType), { maxLength: 1 }))
        .map(([changed, extraValues, dropped, strange]): Input => ({
          body: { ...omit(valid(), dropped), ...Object.fromEntries(strange), ...Object.fromEntries(extraValues), ...Object.fromEntries(changed) },
        })),
    },
  );
}

/** The query parameters a GET declares in the OpenAPI document. */
const parametersOf = (path: string) => (document.paths[path]?.get?.parameters ?? []).filter((parameter) => parameter.in === 'query').map(({ name }) => name);

/** A record of each entity the resource references, made by whoever may make it (in the demo space where nobody does by hand). */
async function referencesFor(resource: ApiResource): Promise<Record<string, number>> {
  const references: Record<string, number> = {};
  for (const [, field] of fieldEntries(resource.entity)) {
    // Only what a create names: a reference the server sets (a run's record, a version's parent) is not sampled.
    const target = field.reference && field.edit && apiResources.find((candidate) => candidate.entity.name === field.reference);
    if (!target || references[target.entity.name] !== undefined) continue;
    references[target.entity.name] = (await sampleOf(target)).id;
  }
  return references;
}

let made = 9000;
async function sampleOf(resource: ApiResource, given?: Record<string, number>): Promise<{ id: number; updatedTime: string }> {
  const references = given ?? (await referencesFor(resource));
  const creator = actorFor(resource.auth.create);
  if (creator) return createSample(api, resource, tokenOf(creator), references);
  const space = await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const [record] = await t.records.createMany(systemActor(space.id), resource.entity, [sampleInput(resource.entity, (made += 1), references)]);
  return record as unknown as { id: number; updatedTime: string };
}

describe.each(apiResources.map((resource) => [resource.api, resource] as const))('%s', (path, resource: ApiResource) => {
  const { entity } = resource;
  const reader = actorFor(resource.auth.read);
  const creator = actorFor(resource.auth.create);
  const updater = actorFor(resource.auth.update);
  const deleter = actorFor(resource.auth.delete);
  const snapshot = () => snapshotOf(t.database.db, entity.table);
  let valid: Record<string, unknown> = {};
  let target: { id: number; updatedTime: string } | undefined;

  beforeAll(async () => {
    // A valid payload to turn hostile field by field, and a record to update and move along.
    if (!creator && !reader) return;
    const references = await referencesFor(resource);
    valid = sampleInput(entity, (made += 1), references);
    target = await sampleOf(resource, references);
  });

  /** Sends, checks the answer is sound and, when refused, that the entity's table did not change. */
  const send = async (method: 'GET' | 'POST', url: string, who: Who, input: Input & { query?: Record<string, string | string[]> }): Promise<Answer> => {
    const before = method === 'POST' ? await snapshot() : '';
    const answer = await call(t.app, method, url, { token: tokenOf(who), ...input });
    expectSound(answer, `${method} ${url} as ${nameOf(who)} ${show(input)}`);
    if (method === 'POST' && answer.status !== 200) expect(await snapshot(), `${url} refused ${show(input)} but wrote`).toBe(before);
    return answer;
  };

  const editable = fieldEntries(entity).filter(([, field]) => field.edit);
  if (creator)
    it('create: hostile values of each field and hostile bodies never give a 500; a refusal writes nothing', async () => {
      await check(
        fc.asyncProperty(
          hostileBody(() => valid, editable),
          async (input) => {
            await send('POST', `${path}/create`, creator!, input);
          },
        ),
        8,
      );
    });

  for (const [operation, allowed] of [
    ['create', creator],
    ['update', updater],
  ] as const)
    if (!allowed && reader)
      it(`${operation}: nobody does it by hand, so hostile bodies are refused with 403 and write nothing`, async () => {
        await check(
          fc.asyncProperty(
            hostileBody(() => valid, editable),
            async (input) => {
              expect((await send('POST', `${path}/${operation}`, reader, input)).status).toBe(403);
            },
          ),
          2,
        );
      });

  const changeable = fieldEntries(entity).filter(([, field]) => field.edit === 'always');
  if (updater)
    it('update: hostile ids, versions and values never give a 500; a refusal writes nothing', async () => {
      const id = fc.oneof({ weight: 3, arbitrary: fc.constant<unknown>('target') }, { weight: 1, arbitrary: hostileId });
      const version = fc.oneof({ weight: 3, arbitrary: fc.constant<unknown>('current') }, { weight: 1, arbitrary: fc.oneof(hostileText, wrongType, hugeText) });
      await check(
        fc.asyncProperty(
          hostileBody(() => ({}), changeable, { id, updatedTime: version }),
          async (input) => {
            const body = input.body as Record<string, unknown> | undefined;
            if (body && target) {
              if (body.id === 'target') body.id = target.id;
              if (body.updatedTime === 'current') body.updatedTime = target.updatedTime;
            }
            const answer = await send('POST', `${path}/update`, updater!, input);
            if (answer.status === 200 && target) target.updatedTime = answer.body.data.updatedTime;
          },
        ),
        6,
      );
    });

  if (reader)
    it('query and export: hostile filters, paging, sorts and cursors never give a 500; the export answers as the list does, whole', async () => {
      const params = parametersOf(`${path}/query`);
      expect(params).toEqual(expect.arrayContaining(['pageNum', 'pageSize', 'sort', 'cursor']));
      expect(parametersOf(`${path}/export`)).toEqual(params);
      await check(
        fc.asyncProperty(hostileListQuery(entity, params), async (query) => {
          const list = await send('GET', `${path}/query`, reader!, { query });
          const csv = await send('GET', `${path}/export`, reader!, { query });
          expect(csv.status, `export ${show(query)} answered ${csv.status}, the list ${list.status}`).toBe(list.status);
          if (csv.status !== 200) return;
          expect(csv.contentType).toContain('text/csv');
          const { cursor: _c, pageNum: _n, pageSize: _s, ...filters } = query;
          const all = await send('GET', `${path}/query`, reader!, { query: filters });
          // A list counts to 10,000 and says "10,000+" beyond; the export then holds at least that many, up to its own cap.
          if (all.body.data.totalCapped) expect(csvRows(csv.text), `export ${show(query)} is cut off`).toBeGreaterThanOrEqual(all.body.data.total);
          else expect(csvRows(csv.text), `export ${show(query)} is cut off or incomplete`).toBe(Math.min(all.body.data.total, EXPORT_CAP));
        }),
        6,
      );
    });

  if (reader)
    it('get: ids that are not plain digits of a record are a 400 or a 404, never a 500', async () => {
      await check(
        fc.asyncProperty(fc.oneof(hostileIdParam, fc.array(hostileIdParam, { minLength: 2, maxLength: 2 })), async (id) => {
          const answer = await send('GET', `${path}/get`, reader!, { query: { id } });
          expect(answer.status).not.toBe(200);
        }),
        3,
      );
    });

  const selection = (allowTarget: boolean) =>
    fc.oneof(
      { weight: 1, arbitrary: nonObjectBody.map((raw): Input => ({ raw })) },
      {
        weight: 4,
        arbitrary: fc
          .oneof(
            fc.array(fc.oneof(hostileId, ...(allowTarget ? [fc.constant<unknown>('target')] : [])), { maxLength: 3 }),
            wrongType,
            fc.constant(Array.from({ length: 1001 }, (_, index) => index + 1_000_000_000)),
          )
          .chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.tuple(strangeKey, wrongType), { maxLength: 1 })))
          .map(([ids, strange]): Input => ({ body: { ...Object.fromEntries(strange), ids } })),
      },
    );
  const withTarget = (input: Input): Input =>
    input.body && Array.isArray((input.body as { ids: unknown }).ids)
      ? { body: { ...(input.body as object), ids: ((input.body as { ids: unknown[] }).ids ?? []).map((id) => (id === 'target' ? target?.id : id)) } }
      : input;

  if (deleter)
    it('delete: selections of ids that are not records are refused and delete nothing', async () => {
      await check(
        fc.asyncProperty(selection(false), async (input) => {
          const answer = await send('POST', `${path}/delete`, deleter!, input);
          expect(answer.status, show(input)).not.toBe(200);
        }),
        3,
      );
    });

  const actions = Object.keys(entity.states?.actions ?? {}).flatMap((name) => {
    const actor = actorFor(resource.actionAuth(name));
    return actor ? [[name, actor] as const] : [];
  });
  if (actions.length)
    it('each transition: hostile selections never give a 500; a refusal changes no state', async () => {
      for (const [name, actor] of actions)
        await check(
          fc.asyncProperty(selection(true), async (input) => {
            await send('POST', `${path}/${name}`, actor, withTarget(input));
          }),
          3,
        );
    });
});

// ---------------------------------------------------------------- a module's calls about one record

describe("a module's call about one record of another space (`{api}/{id}/...`) with a body", () => {
  /** Every call with a body about one record of a space's entity: a task's run, an instance's rerun, a ticket's distribution. */
  const recordCalls = () =>
    apiResources
      .filter(({ entity }) => entity.scope !== 'platform' && !entity.platformSeesAll)
      .flatMap((resource) =>
        Object.entries(document.paths).flatMap(([path, item]) =>
          path.startsWith(`${resource.api}/{id}/`)
            ? Object.entries(item).flatMap(([method, operation]) =>
                method === 'post' || method === 'put' ? [[method.toUpperCase() as 'POST' | 'PUT', path, operation, resource] as const] : [],
              )
            : [],
        ),
      );

  it('are all found (a call added under an entity is checked without a change here)', () => {
    expect(recordCalls().map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'POST /taskFlow/task/{id}/run',
        'POST /taskFlow/instance/{id}/rerun',
        'POST /data/ticket/{id}/distribute',
        'POST /data/ticket-job/{id}/reject',
        'PUT /evaluation/structured-data/{id}/files/{name}',
      ]),
    );
  });

  it('is not found whatever the body: no 400 about input that could not have mattered, and nothing written', async () => {
    // The platform's administrator is of another space than the demo space's records, and reads most of their entities.
    const stranger = ACCOUNTS[0];
    const notFound = new Set<string>();
    for (const [method, path, operation, resource] of recordCalls()) {
      const record = await sampleOf(resource);
      const url = path.replace('{id}', String(record.id)).replace(/\{\w+\}/g, 'x1');
      const properties = Object.entries((operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}) as Record<string, { type?: string }>);
      const body = fc.oneof(
        { weight: 1, arbitrary: fc.oneof(nonObjectBody, fc.constantFrom('{', '{"a":', 'not json', '')).map((raw): Input => ({ raw })) },
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              fc.tuple(
                ...properties.map(([name, schema]) => fc.option(hostileForSchema(name, schema), { nil: undefined }).map((value) => [name, value] as const)),
              ),
              fc.array(fc.tuple(strangeKey, wrongType), { maxLength: 2 }),
            )
            .map(([values, strange]): Input => ({ body: Object.fromEntries([...strange, ...values.filter(([, value]) => value !== undefined)]) })),
        },
      );
      await check(
        fc.asyncProperty(body, async (input) => {
          const before = await snapshotOf(t.database.db, resource.entity.table);
          const answer = await call(t.app, method, url, { token: tokenOf(stranger), ...input });
          const context = `${method} ${path} on a record of the demo space as ${nameOf(stranger)} ${show(input)}`;
          expectSound(answer, context);
          // Not found; or, where the caller may not make such calls at all, forbidden (the guard, before any record).
          expect([404, 403], context).toContain(answer.status);
          if (answer.status === 404) notFound.add(`${method} ${path}`);
          expect(await snapshotOf(t.database.db, resource.entity.table), `${context} wrote`).toBe(before);
        }),
        12,
      );
    }
    // Where the platform's administrator may make the call, it is the record that is not found (not the caller refused).
    expect([...notFound]).toEqual(
      expect.arrayContaining(['POST /taskFlow/task/{id}/run', 'POST /taskFlow/instance/{id}/rerun', 'POST /data/ticket/{id}/distribute']),
    );
  });
});

// ---------------------------------------------------------------- every other call of the document

/** The calls the entity suites above make; everything else in the OpenAPI document is swept below. */
const entityCalls = new Set(
  apiResources.flatMap(({ api: path, entity }) =>
    ['query', 'get', 'export', 'create', 'update', 'delete', ...Object.keys(entity.states?.actions ?? {})].map((name) => `${path}/${name}`),
  ),
);

/** A value for a property the document declares, hostile for its type; never the id of a real record. */
function hostileForSchema(name: string, schema: { type?: string | string[] } = {}): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const strings = fc.oneof(hostileText, hugeText, fc.string({ maxLength: 16 }), fc.base64String({ maxLength: 64 }), hostileParam);
  if (name === 'nonceId') return fc.oneof(fc.constant('fresh nonce'), strings, wrongType);
  if (type === 'integer') return fc.oneof(hostileId, wrongType);
  if (type === 'number')
    return fc.oneof(
      hostileNumber.filter((value) => !(Number.isInteger(value) && value > 0 && value < 1e9)),
      wrongType,
    );
  if (type === 'string') return fc.oneof({ weight: 3, arbitrary: strings }, { weight: 1, arbitrary: wrongType });
  return wrongType;
}

const otherCalls = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => (entityCalls.has(path) ? [] : [[method.toUpperCase() as 'GET' | 'POST', path, operation] as const])),
  );

/** The tables a call outside the entities may write: spaces, accounts, sessions. */
const accountsSnapshot = async () =>
  [
    await snapshotOf(t.database.db, 'tenants'),
    await snapshotOf(t.database.db, 'accounts'),
    JSON.stringify((await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.database.db)).rows[0]),
  ].join(' ');

describe('every other call of the OpenAPI document: spec §7 sign-in and accounts, totals, space pages', () => {
  it('are all swept (a call added to the document is swept without a change here)', () => {
    const swept = otherCalls().map(([method, path]) => `${method} ${path}`);
    expect(swept).toEqual(
      expect.arrayContaining([
        'POST /console/account/login/code-pwd',
        'POST /console/account/logout',
        'GET /console/account/query',
        'GET /console/account/get-user-info',
        'POST /console/account/create-account',
        'POST /console/account/reset-other-account-pwd',
        'POST /console/account/modify-self-basic-info',
        'POST /console/account/modify-self-pwd',
      ]),
    );
    // Every entity call of the document is one the suites above make.
    // A module's call about one record (`{api}/{id}/...`: a task's run, an instance's log) is swept below with the other calls.
    for (const path of Object.keys(document.paths))
      if (apiResources.some((resource) => path.startsWith(`${resource.api}/`) && !path.startsWith(`${resource.api}/{id}/`)))
        expect(entityCalls.has(path) || path.endsWith('/totals'), `${path} is served but not covered`).toBe(true);
  });

  it('hostile query strings and bodies never give a 500; a refusal writes no space, account or session', async () => {
    const callers = fc.constantFrom<string | undefined>('demo/admin', 'platform/admin', 'demo/operator', undefined);
    for (const [method, path, operation] of otherCalls()) {
      const input: fc.Arbitrary<Input & { query?: Record<string, string | string[]> }> =
        method === 'GET'
          ? fc
              .tuple(
                fc
                  .subarray((operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map(({ name }) => name))
                  .chain((names) => fc.tuple(...names.map((name) => (name === 'id' ? hostileIdParam : hostileParam).map((value) => [name, value] as const)))),
                fc.array(fc.tuple(strangeKey, fc.string({ maxLength: 6 })), { maxLength: 1 }),
              )
              .map(([declared, strange]) => ({ query: Object.fromEntries([...strange, ...declared]) }))
          : fc.oneof(
              { weight: 1, arbitrary: nonObjectBody.map((raw) => ({ raw })) },
              {
                weight: 5,
                arbitrary: fc
                  .constant(
                    Object.entries((operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}) as Record<string, { type?: string }>),
                  )
                  .chain((properties) =>
                    fc.tuple(
                      ...properties.map(([name, schema]) =>
                        fc.option(hostileForSchema(name, schema), { nil: undefined }).map((value) => [name, value] as const),
                      ),
                    ),
                  )
                  .chain((values) => fc.tuple(fc.constant(values), fc.array(fc.tuple(strangeKey, wrongType), { maxLength: 1 })))
                  .map(([values, strange]) => ({ body: Object.fromEntries([...strange, ...values.filter(([, value]) => value !== undefined)]) })),
              },
            );
      await check(
        fc.asyncProperty(input, callers, async (request, caller) => {
          const body = request.body as Record<string, unknown> | undefined;
          if (body?.nonceId === 'fresh nonce') body.nonceId = (await api.nonce()).id;
          const before = await accountsSnapshot();
          const answer = await call(t.app, method, path, { token: caller && tokens.get(caller), ...request });
          expectSound(answer, `${method} ${path} as ${caller ?? 'nobody'} ${show(request)}`);
          if (answer.status !== 200) expect(await accountsSnapshot(), `${path} refused ${show(request)} but wrote`).toBe(before);
        }),
        10,
      );
    }
  });
});
