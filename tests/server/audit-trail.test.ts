import { describe, expect, it } from 'vitest';
import { label } from '../../model/schemas/label';
import { SYSTEM_ACTOR, systemActor } from '../../server/engine/actor';
import { useTestApp } from './helpers/test-app';

/** Every write, by a person or the system, leaves who, when, which record and what changed. */
const { t, api } = useTestApp();
const AUDIT = '/console/audit-event';

const trailOf = async (token: string, entity: string, id: number) =>
  (await api.get(`${AUDIT}/query`, { token, query: { entity, recordId: String(id), sort: 'createdTime,asc', pageSize: '50' } })).body.data.records as Record<
    string,
    unknown
  >[];

describe('the audit trail', () => {
  it("records a person's create, update, transition and delete, with what changed", async () => {
    const [admin, rd] = [await api.token('demo', 'admin'), await api.token('demo', 'rd')];
    const made = (await api.post('/console/label/create', { name: 'Gripper Slip', labelType: 'failure', description: '' }, { token: rd })).body.data;
    t.clock.advance(1000);
    await api.post('/console/label/update', { id: made.id, updatedTime: made.updatedTime, name: 'Gripper Slipped' }, { token: rd });
    t.clock.advance(1000);
    await api.post('/console/label/delete', { ids: [made.id] }, { token: admin });
    const trail = await trailOf(admin, 'label', made.id);
    expect(trail.map((event) => [event.action, event.createdBy, event.actorKind])).toEqual([
      ['create', 'rd', 'person'],
      ['update', 'rd', 'person'],
      ['delete', 'admin', 'person'],
    ]);
    expect(JSON.parse(String(trail[0]!.changes))).toMatchObject({ name: [null, 'Gripper Slip'], labelType: [null, 'failure'] });
    expect(JSON.parse(String(trail[1]!.changes))).toEqual({ name: ['Gripper Slip', 'Gripper Slipped'] });
    expect(JSON.parse(String(trail[2]!.changes))).toMatchObject({ name: ['Gripper Slipped'] });
    expect(trail[2]).toMatchObject({ recordTitle: 'Gripper Slipped', tenantId: trail[0]!.tenantId });
  });

  it("records a transition by its name, and never a secret's hash", async () => {
    const admin = await api.token('demo', 'admin');
    const key = (await api.post('/console/access-key/create', { name: 'ci runner' }, { token: admin })).body.data;
    await api.post('/console/access-key/disable', { ids: [key.id] }, { token: admin });
    const trail = await trailOf(admin, 'access-key', key.id);
    expect(trail.map((event) => [event.action, event.transition])).toEqual([
      ['create', ''],
      ['transition', 'disable'],
    ]);
    expect(JSON.parse(String(trail[1]!.changes))).toEqual({ status: ['enabled', 'disabled'] });
    expect(String(trail[0]!.changes)).not.toContain('secretHash');
  });

  it("records the accounts' own calls: who made an account, who reset it, never its password", async () => {
    const admin = await api.token('demo', 'admin');
    const made = (await api.createAccount(admin, { role: 'rd', accountCode: 'audited', accountName: 'Audited Member', password: 'Audit-Pass-1' })).body.data;
    t.clock.advance(1000);
    expect((await api.post('/console/account/reset-other-account-pwd', { accountId: made.id }, { token: admin })).status).toBe(200);
    const trail = await trailOf(admin, 'account', made.id);
    expect(trail.map((event) => [event.action, event.createdBy, event.actorKind, event.recordTitle])).toEqual([
      ['create', 'admin', 'person', 'Audited Member'],
      ['update', 'admin', 'person', 'Audited Member'],
    ]);
    expect(JSON.parse(String(trail[0]!.changes))).toMatchObject({ code: [null, 'audited'], role: [null, 'rd'] });
    expect(JSON.parse(String(trail[1]!.changes))).toEqual({ mustChangePassword: [false, true] });
    expect(trail.map((event) => String(event.changes)).join()).not.toContain('passwordHash');
  });

  it("records the system's writes as the system's", async () => {
    const admin = await api.token('demo', 'admin');
    const demo = await t.database.db.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const imported = await t.records.create(systemActor(demo.id), label, { name: 'Imported Label', labelType: 'scene', description: '' });
    expect(await trailOf(admin, 'label', imported.id)).toMatchObject([{ action: 'create', actorKind: 'system', createdBy: SYSTEM_ACTOR }]);
  });

  it("is read by the space's admins for their space, the platform's for the platform's own; written by nobody", async () => {
    const [admin, rd, platform] = [await api.token('demo', 'admin'), await api.token('demo', 'rd'), await api.token('platform', 'admin')];
    const made = (await api.post('/console/label/create', { name: 'Seen By Admins', labelType: 'scene', description: '' }, { token: rd })).body.data;
    expect((await api.get(`${AUDIT}/query`, { token: rd })).status).toBe(403);
    expect(await trailOf(admin, 'label', made.id)).toHaveLength(1);
    // The platform's own records' events stay the platform's.
    const image = (
      await api.post(
        '/console/task-image/create',
        { name: 'Audit Probe', image: 'registry.local/probe:1', entrypoint: 'python3 -u', description: '' },
        { token: platform },
      )
    ).body.data;
    const [imageEvent] = await trailOf(platform, 'task-image', image.id);
    expect(JSON.parse(String(imageEvent!.changes))).toMatchObject({ name: [null, 'Audit Probe'] });
    expect(await trailOf(admin, 'task-image', image.id)).toEqual([]);
    for (const call of ['create', 'update', 'delete'])
      for (const token of [admin, platform]) expect((await api.post(`${AUDIT}/${call}`, { ids: [1], id: 1 }, { token })).status).toBe(403);
  });

  it("keeps a space's trail from the platform's administrators: neither who did what nor the values, by any list, filter, record or export", async () => {
    const [admin, platform] = [await api.token('demo', 'admin'), await api.token('platform', 'admin')];
    const secret = 'Confidential Grasp Notes';
    const made = (await api.post('/console/label/create', { name: secret, labelType: 'scene', description: 'site layout' }, { token: admin })).body.data;
    const [event] = await trailOf(admin, 'label', made.id);
    const spaceOf = async (token: string) => (await api.get('/console/account/get-cur-user-info', { token })).body.data.tenant.id;
    const platformSpace = await spaceOf(platform);

    expect(await trailOf(platform, 'label', made.id)).toEqual([]);
    expect((await api.get(`${AUDIT}/query`, { token: platform, query: { recordTitle: 'Confidential' } })).body.data.records).toEqual([]);
    expect((await api.get(`${AUDIT}/get`, { token: platform, query: { id: String(event!.id) } })).status).toBe(404);
    const everything = (await api.get(`${AUDIT}/query`, { token: platform, query: { pageSize: '1000' } })).body.data.records as Record<string, unknown>[];
    expect(everything.length).toBeGreaterThan(0); // its own: the seed's spaces, images and templates
    expect(everything.every((row) => row.tenantId === platformSpace)).toBe(true);
    const csv = await t.app.inject({ url: `/api/v1${AUDIT}/export`, headers: { authorization: `Bearer ${platform}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.payload).not.toContain(secret);
    // The record's page asks for its history by its id: the answer holds nothing of it.
    expect(JSON.stringify((await api.get(`${AUDIT}/query`, { token: platform, query: { recordId: String(made.id) } })).body.data.records)).not.toContain(
      secret,
    );
  });
});
