import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_LABELS } from '../../../server/modules/demo/demo-data';
import { httpClient } from '../helpers/http-client';
import { startServer, type ServerProcess } from '../helpers/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'edp-data-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
});

describe('npm start on the embedded database', () => {
  it('seeds the demo once, prints how to sign in, and serves a spec-only client; a second server on the same DATA_DIR exits touching nothing', async () => {
    const first = await startServer({ DATA_DIR: dataDir, EDP_SEED_PASSWORD: '' });
    running.push(first);
    const password = /password: (\S+) {3}\(generated now/.exec(first.output())?.[1];
    expect(password, first.output()).toBeDefined();
    expect(first.output()).toContain(`http://localhost:${first.port}/app`);

    const client = httpClient(first.base);
    const nonce = await client.nonce();
    const signIn = await client.signInWith(nonce, 'demo', 'admin', password!);
    expect(signIn.status).toBe(200);
    const token = signIn.body.data.sessionKey;
    const me = await client.call('GET', '/console/account/get-cur-user-info', { token });
    expect(me.body.data.account.code).toBe('admin');
    expect((await client.signInWith(nonce, 'demo', 'admin', password!)).status).toBe(400); // replayed nonce
    expect((await client.signInWith(await client.nonce(), 'demo', 'admin', 'Wrong-Pass-1')).status).toBe(401);
    expect((await client.call('POST', '/console/account/logout', { body: { sessionKey: token } })).status).toBe(200);
    const after = await client.call('GET', '/console/account/get-cur-user-info', { token });
    expect(after.status).toBe(403);

    const before = readdirSync(path.join(dataDir, 'pgdata')).sort();
    const second = await startServer({ DATA_DIR: dataDir });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`${dataDir} is in use by process ${first.child.pid}`);
    expect(readdirSync(path.join(dataDir, 'pgdata')).sort()).toEqual(before);
    expect(
      (
        await client.call('GET', '/console/account/get-cur-user-info', {
          token: (await client.signInWith(await client.nonce(), 'demo', 'rd', password!)).body.data.sessionKey,
        })
      ).status,
    ).toBe(200);

    // Demo data emptied by hand stays empty: the demo is seeded once per database, never refilled.
    const demoAdmin = (await client.signInWith(await client.nonce(), 'demo', 'admin', password!)).body.data.sessionKey;
    const labels = (await client.call('GET', '/console/label/query?pageSize=-1', { token: demoAdmin })).body.data.records as { id: number }[];
    expect(labels).toHaveLength(DEMO_LABELS.length);
    expect((await client.call('POST', '/console/label/delete', { token: demoAdmin, body: { ids: labels.map((label) => label.id) } })).status).toBe(200);

    expect(await first.stop('SIGTERM')).toBe(0); // graceful
    expect(existsSync(path.join(dataDir, 'edp.lock'))).toBe(false);

    const restarted = await startServer({ DATA_DIR: dataDir });
    running.push(restarted);
    expect(restarted.output()).not.toContain('generated now');
    expect(restarted.output()).toContain('the one printed when this database was first started');
    const again = httpClient(restarted.base);
    expect((await again.signInWith(await again.nonce(), 'demo', 'operator', password!)).status).toBe(200);
    const restartedAdmin = (await again.signInWith(await again.nonce(), 'demo', 'admin', password!)).body.data.sessionKey;
    expect((await again.call('GET', '/console/label/query', { token: restartedAdmin })).body.data.total).toBe(0);
    expect((await again.call('GET', '/data/bag/query', { token: restartedAdmin })).body.data.total).toBe(400);
  }, 120_000);
});
