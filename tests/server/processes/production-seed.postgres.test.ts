import pg from 'pg';
import { expect, it } from 'vitest';
import { httpClient } from '../helpers/http-client';
import { useServerSchema } from '../helpers/server-schema';
import { startServer } from '../helpers/server-process';
import { cipherDigest, encrypt } from '../helpers/spec-client';

/** A deployment on DATABASE_URL starts with no demo and no well-known account. */
const { url, schema, databaseUrl, running } = useServerSchema();

async function query(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to ${schema}`);
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

it('seeds only the platform administrator, with a one-time password printed once, and never the demo afterwards', async () => {
  const first = await startServer({ DATABASE_URL: databaseUrl, EDP_DEMO: '', EDP_SEED_PASSWORD: '' });
  running.push(first);
  const output = first.output();
  expect(output).toContain('PostgreSQL (DATABASE_URL)');
  expect(output).toMatch(/space platform +account admin +\(system_admin\)/);
  expect(output).not.toContain('space demo');
  expect(output).toContain('a one-time password: choose your own at the first sign-in');
  const password = /password: (\S+) {3}\(generated now/.exec(output)?.[1];
  expect(password, output).toBeDefined();

  const client = httpClient(first.base);
  expect((await client.signInWith(await client.nonce(), 'demo', 'admin', password!)).status).toBe(401);
  const signIn = await client.signInWith(await client.nonce(), 'platform', 'admin', password!);
  expect(signIn.status).toBe(200);
  expect(signIn.body.data.account.mustChangePassword).toBe(true);
  const oneTime = signIn.body.data.sessionKey;
  const refused = await client.call('GET', '/console/tenant/query', { token: oneTime });
  expect(refused.status).toBe(428);
  expect(refused.body.message).toEqual({ zh_CN: '请先修改初始密码', en_US: 'Change your one-time password first' });

  const nonce = await client.nonce();
  const changed = await client.call('POST', '/console/account/modify-self-pwd', {
    token: oneTime,
    body: {
      nonceId: nonce.id,
      oldCipherDigest: cipherDigest(password!, nonce.randomKey),
      newCipherDigest: cipherDigest('Operator-Pass-1', nonce.randomKey),
      newCipherPassword: encrypt('Operator-Pass-1', nonce.randomKey),
    },
  });
  expect(changed.status).toBe(200);
  const own = await client.signInWith(await client.nonce(), 'platform', 'admin', 'Operator-Pass-1');
  expect(own.body.data.account.mustChangePassword).toBe(false);
  const tenants = await client.call('GET', '/console/tenant/query', { token: own.body.data.sessionKey });
  expect(tenants.status).toBe(200);
  expect(tenants.body.data.records.map((tenant: { code: string }) => tenant.code)).toEqual(['platform']);
  expect(await query('select count(*)::int as n from accounts')).toEqual([{ n: 1 }]);
  for (const table of ['task_images', 'template_tasks', 'ota_packages', 'bags'])
    expect(await query(`select count(*)::int as n from ${table}`)).toEqual([{ n: 0 }]);
  expect(await first.stop('SIGTERM')).toBe(0);

  // A later start seeds nothing, even asked for the demo: the database has been seeded.
  const later = await startServer({ DATABASE_URL: databaseUrl, EDP_DEMO: '1', EDP_SEED_PASSWORD: 'Demo-Pass-123' });
  running.push(later);
  expect(later.output()).not.toContain('generated now');
  expect(later.output()).not.toContain('space demo');
  expect(later.output()).toContain('password: the one chosen at the first sign-in');
  const again = httpClient(later.base);
  expect((await again.signInWith(await again.nonce(), 'demo', 'admin', 'Demo-Pass-123')).status).toBe(401);
  expect((await again.signInWith(await again.nonce(), 'platform', 'admin', 'Operator-Pass-1')).status).toBe(200);
  expect(await query('select code from tenants')).toEqual([{ code: 'platform' }]);
}, 120_000);
