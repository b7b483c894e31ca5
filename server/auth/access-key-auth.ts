import { permissionsOf } from '../../model/access/permissions';
import { accessKey } from '../../model/schemas/access-key';
import type { AppContext } from '../context';
import { systemActor } from '../engine/actor';
import { loose } from '../engine/queries';
import type { Principal } from './guard';
import { secretMatches } from './bearer';

/** `Bearer <accessKeyId>.<secret>`: a key as a robot or a script sends it (the secret is base64url, so never holds a dot). */
const KEY_TOKEN = /^(EDPAK[A-Z2-7]{16})\.([A-Za-z0-9_-]{20,})$/;
/** Writing lastUsedAt on every call would cost a write per call; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;

export const isAccessKeyToken = (token: string) => KEY_TOKEN.test(token);

/**
 * The owner of an enabled, unexpired key whose secret matches, acting within the key's space as
 * themselves (their role, never more); anything else is null, which the guard answers as an ended
 * session. Its use is kept in lastUsedAt.
 */
export async function accessKeyPrincipal({ db, clock, records }: Pick<AppContext, 'db' | 'clock' | 'records'>, token: string): Promise<Principal | null> {
  const [, accessKeyId, secret] = KEY_TOKEN.exec(token) ?? [];
  if (!accessKeyId || !secret) return null;
  const key = (await loose(db).selectFrom(accessKey.table).selectAll().where('accessKeyId', '=', accessKeyId).executeTakeFirst()) as
    { id: number; tenantId: number; owner: string; status: string; secretHash: string; expiresAt: Date | null; lastUsedAt: Date | null } | undefined;
  const now = clock();
  if (!key || key.status !== 'enabled' || (key.expiresAt && key.expiresAt <= now) || !secretMatches(secret, key.secretHash)) return null;
  const account = await db.selectFrom('accounts').selectAll().where('tenantId', '=', key.tenantId).where('code', '=', key.owner).executeTakeFirst();
  const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', key.tenantId).executeTakeFirst();
  if (!account || !tenant) return null;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_AFTER_MS)
    await records.update(systemActor(key.tenantId), accessKey, { id: key.id, lastUsedAt: now });
  return { account, tenant, sessionKey: '', accessKeyId, permissions: permissionsOf({ role: account.role, internal: tenant.internal }) };
}
