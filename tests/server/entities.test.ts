import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../model/access/permissions';
import { heldGrants } from '../../model/resources/grants';
import type { FieldDecl } from '../../model/schemas/engine/types';
import { apiResources } from '../../server/engine/registry';
import { localize } from '../../server/http/messages';
import { systemActor } from '../../server/engine/actor';
import { sampleInput } from '../../model/schemas/engine/sample';
import { ACCOUNTS, createSample, may, nameOf, requiredFields, resourceOf, sampleReferences } from './helpers/entities';
import { SEED_PASSWORD, useTestApp } from './helpers/test-app';

/** Generated from the declarations: every entity's API, its rules, its permissions and its tenant walls. */
const { t, api } = useTestApp();
let made = 0;
const tokens = new Map<string, string>();
let outsider: string; // the administrator of a space of its own
beforeAll(async () => {
  for (const who of ACCOUNTS) tokens.set(nameOf(who), await api.token(who.tenant, who.code, SEED_PASSWORD));
  const space = await api.post(
    '/console/tenant/create',
    { code: 'elsewhere', name: 'Elsewhere', adminCode: 'boss', adminName: 'Boss' },
    { token: tokens.get('platform/admin') },
  );
  outsider = await api.ownToken('elsewhere', 'boss', space.body.data.extras.admin.password);
});

const zh = (key: string, params: Record<string, unknown> = {}) => localize(key, params).zh_CN;

describe.each(apiResources.map((resource) => [resource.api, resource] as const))('%s', (_api, resource) => {
  const reader = ACCOUNTS.find((who) => may(who, resource.auth.read))!;
  // Records some entities get only from the system (instances, uploads): nobody creates them by hand.
  const writer = ACCOUNTS.find((who) => may(who, resource.auth.read) && may(who, resource.auth.create));
  // Some are made by hand and never changed afterwards (a published dataset version).
  const updates = writer && may(writer, resource.auth.update);
  // Some records are never erased by hand (a task is removed, restorably): then the walk ends before deleting.
  const deletes = writer && may(writer, resource.auth.delete);
  const token = () => tokens.get(nameOf(writer ?? reader))!;
  const stored = (Object.entries(resource.entity.fields) as [string, FieldDecl][]).filter(([, field]) => field.column !== 'none');
  /** A record of the reader's space: made through the API, or, where nobody creates by hand, as the system would (in a given state). */
  const aRecord = async (values: Record<string, unknown> = {}, who: (typeof ACCOUNTS)[number] = reader, bySystem = !writer) => {
    if (!bySystem) return createSample(api, resource, token());
    const [space] = await t.database.db.selectFrom('tenants').select('id').where('code', '=', who.tenant).execute();
    const references = await sampleReferences(api, resource, token());
    const [record] = await t.records.createMany(systemActor(space!.id), resource.entity, [{ ...sampleInput(resource.entity, ++made, references), ...values }]);
    return record as unknown as Record<string, unknown> & { id: number; updatedTime: string };
  };

  if (!writer)
    it('lists and reads the records the system made; nobody creates one by hand', async () => {
      const record = await aRecord();
      const { titles: _titles, links: _links, ...got } = (await api.get(`${resource.api}/get`, { token: token(), query: { id: String(record.id) } })).body.data;
      expect(got).toEqual(record);
      for (const who of ACCOUNTS) expect((await api.post(`${resource.api}/create`, {}, { token: tokens.get(nameOf(who)) })).status).toBe(403);
    });

  if (writer)
    it(`creates, reads, finds, ${updates ? 'updates' : 'may not update'}${deletes ? ' and deletes' : ', and may not delete'} (as ${nameOf(writer)})`, async () => {
      const record = await aRecord();
      const got = await api.get(`${resource.api}/get`, { token: token(), query: { id: String(record.id) } });
      expect(got.status).toBe(200);
      expect(got.body.data).toEqual(record.extras ? Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'extras')) : record);

      const title = resource.entity.title;
      const titleField = resource.entity.fields[title] as FieldDecl;
      const query = titleField.filter === 'contains' || titleField.filter === 'equals' ? { [title]: String(record[title]) } : {};
      const found = await api.get(`${resource.api}/query`, { token: token(), query: { ...query, pageSize: '100' } });
      expect(found.status).toBe(200);
      expect(found.body.data.records.map((row: { id: number }) => row.id)).toContain(record.id);

      const editable = stored.find(([, field]) => field.edit === 'always' && (field.widget === 'text' || field.widget === 'textarea') && !field.example);
      if (!updates) expect((await api.post(`${resource.api}/update`, { id: record.id, updatedTime: record.updatedTime }, { token: token() })).status).toBe(403);
      else if (editable) {
        const [name] = editable;
        const updated = await api.post(`${resource.api}/update`, { id: record.id, updatedTime: record.updatedTime, [name]: 'changed' }, { token: token() });
        expect(updated.status).toBe(200);
        expect(updated.body.data[name]).toBe('changed');
        const stale = await api.post(`${resource.api}/update`, { id: record.id, updatedTime: record.updatedTime, [name]: 'lost' }, { token: token() });
        expect(stale.status).toBe(409);
        expect(stale.body.message.zh_CN).toBe('记录已被他人修改，请刷新后重试');
      }

      const removed = await api.post(`${resource.api}/delete`, { ids: [record.id] }, { token: token() });
      if (!deletes) return expect(removed.status).toBe(403);
      expect(removed.body.data).toEqual({ deleted: 1 });
      expect((await api.get(`${resource.api}/get`, { token: token(), query: { id: String(record.id) } })).status).toBe(404);
    });

  it.each((writer ? requiredFields(resource) : []).map(([name, field]) => [name, field] as const))(
    'requires %s with the §5 message and writes nothing',
    async (name, field) => {
      const sample = await aRecord(); // a valid payload's shape, and a reference target
      const { id: _id, createdTime: _c, updatedTime: _u, createdBy: _b, updatedBy: _m, tenantId: _t, extras: _e, ...valid } = sample;
      const before = (await api.get(`${resource.api}/query`, { token: token() })).body.data.total;
      const { [name]: _missing, ...payload } = valid;
      const reply = await api.post(`${resource.api}/create`, payload, { token: token() });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ message: { zh_CN: zh('validation:required', { label: field.label }) }, data: { field: name } });
      expect((await api.get(`${resource.api}/query`, { token: token() })).body.data.total).toBe(before);
    },
  );

  const forbidden = ACCOUNTS.filter((who) => !may(who, resource.auth.read));
  it.each(forbidden.map((who) => [nameOf(who), who] as const))('refuses %s with 403', async (who) => {
    const reply = await api.get(`${resource.api}/query`, { token: tokens.get(who)! });
    expect(reply.status).toBe(403);
    expect(reply.body.message.zh_CN).toBe('没有权限执行此操作');
  });

  if (resource.entity.scope === 'tenant') {
    it("keeps a space's records from every other space", async () => {
      const record = await aRecord();
      if (may({ role: 'tenant_admin', internal: false }, resource.auth.read)) {
        expect((await api.get(`${resource.api}/get`, { token: outsider, query: { id: String(record.id) } })).status).toBe(404);
        const listed = await api.get(`${resource.api}/query`, { token: outsider, query: { pageSize: '1000' } });
        expect(listed.body.data.records.map((row: { id: number }) => row.id)).not.toContain(record.id);
        // Out of reach is "not found"; where the outsider's role may not write at all, "forbidden" comes first.
        const refusal = (action: 'update' | 'delete') => (may({ role: 'tenant_admin', internal: false }, resource.auth[action]) ? 404 : 403);
        expect((await api.post(`${resource.api}/update`, { id: record.id, updatedTime: record.updatedTime }, { token: outsider })).status).toBe(
          refusal('update'),
        );
        expect((await api.post(`${resource.api}/delete`, { ids: [record.id] }, { token: outsider })).status).toBe(refusal('delete'));
      } else {
        expect((await api.get(`${resource.api}/get`, { token: outsider, query: { id: String(record.id) } })).status).toBe(403);
      }
      expect((await api.get(`${resource.api}/get`, { token: token(), query: { id: String(record.id) } })).status).toBe(200);
    });
  }

  /**
   * A training record's start runs its task (named on it); an export's, a CT's and an evaluation's the
   * space's task of their type: such a task exists first, and a training record's data is exported.
   */
  const RUN_TYPES: Record<string, string> = { 'training-record': 'training', 'model-export': 'export', 'ct-record': 'ct', 'evaluation-record': 'evaluation' };
  const runnable = async (record: Record<string, unknown>) => {
    const taskType = RUN_TYPES[resource.entity.name];
    if (!taskType) return;
    const tasks = resourceOf('task');
    const sample = sampleInput(tasks.entity, ++made, await sampleReferences(api, tasks, token()));
    const name = resource.entity.name === 'training-record' ? record.task : sample.name;
    await t.records.create(systemActor(Number(record.tenantId)), tasks.entity, { ...sample, name, taskType, status: 'active' });
    // A training record's training data is exported first (the export's job would have done it).
    if (record.trainingDataId)
      await t.records.update(systemActor(Number(record.tenantId)), resourceOf('training-data').entity, {
        id: Number(record.trainingDataId),
        status: 'success',
        storagePath: 'training-data/sample.tar',
      });
  };

  const actions = Object.entries(resource.entity.states?.actions ?? {});
  it.each(actions)('allows %s only from its states', async (name, action) => {
    const field = resource.entity.states!.field;
    const mover = ACCOUNTS.find((who) => may(who, resource.actionAuth(name)))!;
    // Where the move is granted only through views (a member's own jobs), the record is one of the mover's.
    const held = heldGrants(resource.grants(name), permissionsOf(mover));
    const view = held.every((grant) => grant.preset) ? held[0]?.preset : undefined;
    const mine = Object.fromEntries(
      Object.entries(view ?? {}).map(([key, value]) => {
        const resolved = value === '$me' ? mover.code : value;
        return [key, (resource.entity.fields[key] as FieldDecl).column === 'text[]' ? [resolved] : resolved];
      }),
    );
    // Made by hand where that puts it within the mover's reach; otherwise as the system would, shaped to their view.
    const made = writer ? await aRecord() : undefined;
    const reached =
      made && Object.entries(mine).every(([key, value]) => (Array.isArray(value) ? (made[key] as string[]).includes(String(value[0])) : made[key] === value));
    const record = made && reached ? made : await aRecord({ [field]: action.from[0]!, ...mine }, mover, true);
    if (name === 'start') await runnable(record);
    const actor = { token: tokens.get(nameOf(mover))! };
    const path = `${resource.api}/${name}`;
    const reply = await api.post(path, { ids: [record.id] }, actor);
    if (action.from.includes(String(record[field]))) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data[0][field]).toBe(action.to);
      if (!action.from.includes(action.to)) expect((await api.post(path, { ids: [record.id] }, actor)).status).toBe(409);
    } else {
      expect(reply.status).toBe(409);
      expect((await api.get(`${resource.api}/get`, { token: token(), query: { id: String(record.id) } })).body.data[field]).toBe(record[field]);
    }
  });
});

it('serves every declared entity', () => {
  expect(apiResources.map((resource) => resource.api).sort()).toEqual(
    [
      ...[
        '/console/access-key',
        '/console/audit-event',
        '/console/feedback',
        '/console/file-upload',
        '/console/label',
        '/console/ota-package',
        '/console/task-image',
      ],
      ...['/console/template-task', '/console/tenant'],
      ...['/data/bag', '/data/collection-element', '/data/collection-plan', '/data/dataset', '/data/dataset-item', '/data/dataset-version'],
      ...[
        '/data/integration-record',
        '/data/processing-record',
        '/data/sub-plan',
        '/data/training-mapping',
        '/data/version-member',
        '/data/ticket',
        '/data/ticket-item',
        '/data/ticket-job',
        '/data/ticket-job-event',
        '/data/annotation',
        '/data/ticket-team',
        '/data/training-data',
      ],
      ...['/deployment/artifact', '/deployment/artifact-model', '/deployment/ct-record'],
      ...['/device/alarm-notice', '/device/alarm-record', '/device/alarm-rule', '/device/compile-server', '/device/compile-server-key', '/device/robot'],
      ...['/device/robot-config', '/device/robot-key'],
      ...['/evaluation/evaluation-record', '/evaluation/structured-data', '/evaluation/structured-dataset', '/evaluation/structured-dataset-version'],
      ...['/evaluation/structured-version-member'],
      ...['/taskFlow/instance', '/taskFlow/task'],
      ...['/training/model-card', '/training/model-card-dataset', '/training/model-export', '/training/training-record', '/training/training-record-dataset'],
    ].sort(),
  );
  expect(resourceOf('bag').auth.read).toContain('external:rd');
  expect(resourceOf('ticket').auth.read).toContain('external:tele_operator'); // through its views
  expect(resourceOf('ticket').auth.create).not.toContain('external:tele_operator');
});
