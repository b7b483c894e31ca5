import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staff } from '../../model/access/rules';
import { catalogue, menu } from '../../model/resources/builders';
import { flatten, placeSection } from '../../model/resources/index';
import { defineEntity } from '../../model/schemas/engine/entity';
import { datetime, enumOf, integer, text } from '../../model/schemas/engine/fields';
import type { AppContext } from '../../server/context';
import { SYSTEM_ACTOR, systemActor } from '../../server/engine/actor';
import type { DomainModule } from '../../server/engine/module';
import { apiResourcesOf } from '../../server/engine/registry';
import { ApiError } from '../../server/http/api-error';
import { DOMAIN_MODULES } from '../../server/modules/index';
import { useTestApp } from './helpers/test-app';

/**
 * Behaviour plugs into the engine as a module. A fixture entity and a fixture module prove each
 * seam: its setup with the app's context, a create refused with a 400, a transition that sets another field, an update
 * hook, after-commit effects that never run for a rolled-back write, and the system's writes.
 */
const robotArm = defineEntity({
  name: 'robot-arm',
  table: 'fixture_robot_arms',
  label: 'gadget:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  fields: {
    name: text('gadget:fields.name', { max: 40 }),
    payload: integer('gadget:fields.weight', { min: 1, max: 50, required: false, edit: 'always' }),
    revision: integer('gadget:fields.weight', { required: false, edit: false }),
    endedAt: datetime('gadget:fields.madeAt', { edit: false }),
    state: enumOf(
      'gadget:fields.kind',
      [
        { value: 'idle', label: 'gadget:kinds.gripper' },
        { value: 'running', label: 'gadget:kinds.camera' },
        { value: 'stopped', label: 'gadget:kinds.camera' },
      ],
      { initial: 'idle' },
    ),
  },
  states: {
    field: 'state',
    actions: {
      start: { label: 'gadget:kinds.camera', from: ['idle'], to: 'running' },
      stop: { label: 'gadget:kinds.camera', from: ['running'], to: 'stopped' },
    },
  },
});

const effects: string[] = [];
/** The context each setup of the fixture module was given. */
const setUps: AppContext[] = [];
const armModule: DomainModule = {
  name: 'robot-arms',
  setup: (context) => {
    setUps.push(context);
    return {
      hooks: {
        'robot-arm': {
          beforeCreate: (_context, input) => {
            if (input.name === 'forbidden') throw new ApiError(400, 'errors:badRequest', {}, { field: 'name' });
            return { revision: 1 };
          },
          afterCreate: async ({ afterCommit, records }, record) => {
            afterCommit(() => void effects.push(`made ${String(record.name)}`));
            // A hook's own writes go through the service, in the same transaction.
            if (/^paired(?!.* twin$)/.test(String(record.name)))
              await records.create(systemActor(record.tenantId as number), robotArm, { name: `${String(record.name)} twin` });
            if (record.name === 'doomed') throw new ApiError(400, 'errors:badRequest', {}, { field: 'name' }); // after the insert: it must roll back
          },
          // An edit of the payload is a new revision (as an edit of a delivered config marks it undelivered).
          beforeUpdate: (_context, current, changes) => ('payload' in changes ? { revision: Number(current.revision) + 1 } : undefined),
          beforeTransition: ({ now, afterCommit }, action, rows) => {
            if (action !== 'stop') return;
            afterCommit(() => void effects.push(`stopped ${rows.map((row) => row.id).join(',')}`));
            return { endedAt: now.toISOString() };
          },
        },
      },
    };
  },
};

const entries = flatten(placeSection(catalogue('lab', 'menu:lab._', [menu('arms', 'menu:lab.arms', { entity: 'robot-arm', auth: staff })])));
const { t, api } = useTestApp({}, { entities: [robotArm], resources: apiResourcesOf(entries, [robotArm]), modules: [...DOMAIN_MODULES, armModule] });

const demoSpace = async () => (await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
const count = async (name: string) =>
  (
    await t.database.db
      .selectFrom('fixture_robot_arms' as never)
      .select('id' as never)
      .where('name' as never, '=', name as never)
      .execute()
  ).length;

describe('a domain module', () => {
  it("is set up once, with the app's own context: its database, clock, storage and record service", () => {
    expect(setUps).toHaveLength(1);
    expect(setUps[0]).toMatchObject({ db: t.database.db, kind: t.database.kind, records: t.records, storage: t.storage, clock: t.clock });
    expect(setUps[0]!.config.dataDir).toBe(t.config.dataDir);
  });

  it('refuses a create with a 400 in both languages, and writes nothing', async () => {
    const rd = await api.token('demo', 'rd');
    const refused = await api.post('/lab/robot-arm/create', { name: 'forbidden' }, { token: rd });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual({ zh_CN: expect.any(String), en_US: expect.any(String) });
    expect(refused.body.data).toEqual({ field: 'name' });
    expect(await count('forbidden')).toBe(0);
  });

  it('sets fields of its own on create, update and transition, and runs its effects after the commit', async () => {
    const rd = await api.token('demo', 'rd');
    effects.length = 0;
    const made = (await api.post('/lab/robot-arm/create', { name: 'left arm', payload: 5 }, { token: rd })).body.data;
    expect(made).toMatchObject({ revision: 1, state: 'idle', endedAt: null, createdBy: 'rd' });
    expect(effects).toEqual(['made left arm']);
    const edited = (await api.post('/lab/robot-arm/update', { id: made.id, updatedTime: made.updatedTime, payload: 7 }, { token: rd })).body.data;
    expect(edited).toMatchObject({ payload: 7, revision: 2 });
    await api.post('/lab/robot-arm/start', { ids: [made.id] }, { token: rd });
    t.clock.advance(60_000);
    const [stopped] = (await api.post('/lab/robot-arm/stop', { ids: [made.id] }, { token: rd })).body.data;
    expect(stopped).toMatchObject({ state: 'stopped', endedAt: t.clock().toISOString(), updatedBy: 'rd' });
    expect(effects).toEqual(['made left arm', `stopped ${made.id}`]);
  });

  it('never runs the effects of a write that rolled back', async () => {
    const rd = await api.token('demo', 'rd');
    effects.length = 0;
    expect((await api.post('/lab/robot-arm/create', { name: 'doomed' }, { token: rd })).status).toBe(400);
    expect(await count('doomed')).toBe(0);
    expect(effects).toEqual([]);
    // Nor those of a transaction of several writes that fails at its last.
    const space = await demoSpace();
    await expect(
      t.records.transaction(async (records) => {
        await records.create(systemActor(space), robotArm, { name: 'first of two' });
        await records.create(systemActor(space), robotArm, { name: 'doomed' });
      }),
    ).rejects.toThrow(ApiError);
    expect(await count('first of two')).toBe(0);
    expect(effects).toEqual([]);
  });

  it('writes through the service from a hook, in the same transaction: both records or neither', async () => {
    const rd = await api.token('demo', 'rd');
    const paired = await api.post('/lab/robot-arm/create', { name: 'paired left' }, { token: rd });
    expect([paired.status, paired.body.message]).toEqual([200, expect.anything()]);
    expect([await count('paired left'), await count('paired left twin')]).toEqual([1, 1]);
    const twin = await t.database.db
      .selectFrom('fixture_robot_arms' as never)
      .selectAll()
      .where('name' as never, '=', 'paired left twin' as never)
      .executeTakeFirstOrThrow();
    expect(twin).toMatchObject({ createdBy: SYSTEM_ACTOR, revision: 1 });
    // A twin whose name the module refuses fails the whole create.
    expect((await api.post('/lab/robot-arm/create', { name: 'paired' + 'x'.repeat(40) }, { token: rd })).status).toBe(400);
    expect(await count('paired' + 'x'.repeat(40))).toBe(0);
  });

  it('lets the system write, as itself, under the same rules and hooks', async () => {
    const space = await demoSpace();
    const made = await t.records.create(systemActor(space), robotArm, { name: 'fleet arm', payload: 3 });
    expect(made).toMatchObject({ tenantId: space, createdBy: SYSTEM_ACTOR, updatedBy: SYSTEM_ACTOR, revision: 1, state: 'idle' });
    await expect(t.records.create(systemActor(space), robotArm, { name: 'too strong', payload: 51 })).rejects.toMatchObject({
      statusCode: 400,
      data: { field: 'payload' },
    });
    await expect(t.records.create(systemActor(space), robotArm, { name: 'forbidden' })).rejects.toMatchObject({ statusCode: 400 });
    // The system updates without naming a version; a person must (409 otherwise).
    const moved = await t.records.update(systemActor(space), robotArm, { id: made.id, payload: 4 });
    expect(moved).toMatchObject({ payload: 4, revision: 2, updatedBy: SYSTEM_ACTOR });
    const rd = await api.token('demo', 'rd');
    expect((await api.post('/lab/robot-arm/update', { id: made.id, updatedTime: made.updatedTime, payload: 9 }, { token: rd })).status).toBe(409);
    // It acts within the space it names, never beyond.
    const other = await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'platform').executeTakeFirstOrThrow();
    await expect(t.records.update(systemActor(other.id), robotArm, { id: made.id, payload: 5 })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the engine', () => {
  it('imports no domain module: they are passed in', () => {
    const dir = path.resolve(__dirname, '../../server/engine');
    const imports = readdirSync(dir).flatMap((file) =>
      [...readFileSync(path.join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => `${file}: ${match[1]}`),
    );
    expect(imports.filter((line) => /\/(modules|domain)\//.test(line))).toEqual([]);
  });
});
