import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

/** A robot or a script calls the API with an access key, as its owner, within its space, while the key is enabled and unexpired. */
const { t, api } = useTestApp();
let rd: string;
let admin: string;

beforeAll(async () => {
  [rd, admin] = [await api.token('demo', 'rd'), await api.token('demo', 'admin')];
});

const newKey = async (token: string, extra: Record<string, unknown> = {}) => {
  const made = (await api.post('/console/access-key/create', { name: `key ${Math.random()}`, ...extra }, { token })).body.data;
  return { id: made.id as number, token: `${made.extras.accessKey.accessKeyId}.${made.extras.accessKey.secret}` };
};
const whoAmI = (token: string) => api.get('/console/account/get-cur-user-info', { token });

describe('an access key', () => {
  it("acts as its owner within the owner's space, and keeps when it was last used", async () => {
    const key = await newKey(rd);
    const me = await whoAmI(key.token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ account: { code: 'rd' }, tenant: { code: 'demo' } });
    const record = (await api.get('/console/access-key/get', { token: rd, query: { id: String(key.id) } })).body.data;
    expect(record.lastUsedAt).toBe(t.clock().toISOString());
    // The owner's role, never more: rd may not create accounts.
    expect((await api.post('/console/account/create-account', {}, { token: key.token })).status).toBe(403);
  });

  it('is refused once disabled, once expired, and with a wrong secret', async () => {
    const disabled = await newKey(rd);
    expect((await api.post('/console/access-key/disable', { ids: [disabled.id] }, { token: admin })).status).toBe(200);
    expect((await whoAmI(disabled.token)).status).toBe(403);

    const expiring = await newKey(rd, { expiresAt: new Date(t.clock().getTime() + 60_000).toISOString() });
    expect((await whoAmI(expiring.token)).status).toBe(200);
    t.clock.advance(61_000);
    expect((await whoAmI(expiring.token)).status).toBe(403);

    const good = await newKey(rd);
    const [id, secret] = good.token.split('.');
    expect((await whoAmI(`${id}.${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`)).status).toBe(403);
    expect((await whoAmI(`${id}.`)).status).toBe(403);
  });

  it("never reaches another space's records", async () => {
    const platformKey = await newKey(await api.token('platform', 'admin'));
    const label = (await api.post('/console/label/create', { name: 'Demo Only', labelType: 'scene', description: '' }, { token: rd })).body.data;
    expect((await api.get('/console/label/get', { token: platformKey.token, query: { id: String(label.id) } })).status).toBe(404);
    expect((await api.get('/console/label/get', { token: (await newKey(rd)).token, query: { id: String(label.id) } })).status).toBe(200);
  });
});
