import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { compileServerKey } from '../../../model/schemas/compile-server-key';
import { robotKey } from '../../../model/schemas/robot-key';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import type { Db } from '../../db/tables';
import type { EntityHooks } from '../../engine/hooks';
import { bearerToken, secretMatches } from '../../auth/bearer';
import { ApiError } from '../../http/api-error';
import { hashSecret, newAccessKeySecret } from '../access-keys/access-key-hooks';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** Writing lastUsedAt on every report would cost a write per heartbeat; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;

/** A device's key as it reports: its entity, the id prefix that tells its kind in a log, and the field naming its device. */
interface KeyKind {
  entity: AnyEntity;
  prefix: 'EDPRK' | 'EDPCK';
  device: 'robotId' | 'compileServerId';
}
export const ROBOT_KEYS: KeyKind = { entity: robotKey, prefix: 'EDPRK', device: 'robotId' };
export const COMPILE_SERVER_KEYS: KeyKind = { entity: compileServerKey, prefix: 'EDPCK', device: 'compileServerId' };

const newKeyId = (kind: KeyKind) => `${kind.prefix}${Array.from(randomBytes(16), (byte) => BASE32[byte % 32]).join('')}`;

/**
 * A new key gets its id and secret here; the secret is returned once (under `extras`) and only its
 * hash is kept. A key the system brings along (the demo robot's) keeps its own id and hash.
 */
export const deviceKeyHooks = (kind: KeyKind, extra: string): EntityHooks => ({
  beforeCreate: ({ actor }, input) => {
    if (actor.kind === 'system' && input.keyId) return;
    const secret = newAccessKeySecret();
    return { keyId: newKeyId(kind), secretHash: hashSecret(secret), secret };
  },
  afterCreate: async (_context, record, input) => (typeof input.secret === 'string' ? { [extra]: { keyId: record.keyId, secret: input.secret } } : undefined),
});

/** The device a key reports for, and its space. */
export interface KeyHolder {
  tenantId: number;
  deviceId: number;
}

/** `Bearer <keyId>.<secret>` of a key of this kind (the secret is base64url, so never holds a dot), or null. */
export function keyToken(kind: KeyKind, authorization: string | undefined): { keyId: string; secret: string } | null {
  const [, keyId, secret] = new RegExp(`^(${kind.prefix}[A-Z2-7]{16})\\.([A-Za-z0-9_-]{20,})$`).exec(bearerToken(authorization) ?? '') ?? [];
  return keyId && secret ? { keyId, secret } : null;
}

/**
 * The device an enabled key of this kind is bound to, or a 401: a wrong, unknown or disabled key, a
 * key of another kind (a person's access key, a compile server's key on the robot's call) and a
 * session token are all refused alike, in constant time for the secret. Its use is kept in
 * lastUsedAt, once a minute.
 */
export async function keyHolder(db: Db, kind: KeyKind, authorization: string | undefined, now: Date): Promise<KeyHolder> {
  const token = keyToken(kind, authorization);
  const refused = new ApiError(401, 'robot:errors.badKey');
  if (!token) throw refused;
  const { keyId, secret } = token;
  const table = sql.table(kind.entity.table);
  const device = sql.ref(kind.device === 'robotId' ? 'robot_id' : 'compile_server_id');
  const { rows } = await sql<{ id: number; tenantId: number; deviceId: number; status: string; secretHash: string; lastUsedAt: Date | null }>`
    select id, tenant_id, ${device} as device_id, status, secret_hash, last_used_at from ${table} where key_id = ${keyId}`.execute(db);
  const key = rows[0];
  if (!key || key.status !== 'enabled' || !secretMatches(secret, key.secretHash)) throw refused;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_AFTER_MS)
    await sql`update ${table} set last_used_at = ${now} where id = ${key.id}`.execute(db);
  return { tenantId: Number(key.tenantId), deviceId: Number(key.deviceId) };
}
