import { sql } from 'kysely';
import type { Db } from '../server/db/tables';
import { hashSecret } from '../server/modules/access-keys/access-key-hooks';

/** The secret of every bench robot's key: the benches make keys in bulk, not one by one through the API. */
export const ROBOT_SECRET = 'bench-robot-secret-0000000000';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** The n-th bench robot's key id: n in the keys' base-32 alphabet. */
export const keyIdOf = (n: number) => `EDPRK${Array.from(n.toString(32).padStart(16, '0'), (digit) => BASE32[parseInt(digit, 32)]).join('')}`;
/** The n-th bench robot's serial number. */
export const snOf = (n: number) => `BENCH-${String(n).padStart(6, '0')}`;

/** `count` robots of the space (BENCH-000001 …), each with a key whose secret is ROBOT_SECRET; their ids in order. */
export async function fleet(db: Db, tenantId: number, count: number, now: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into robots (tenant_id, sn, name, robot_type, region, status, last_seen_time, created_by, updated_by, created_time, updated_time)
    select ${tenantId}, 'BENCH-' || lpad(n::text, 6, '0'), 'bench ' || n, 'ur5e', 'suzhou', 'online', ${now}, 'bench', 'bench', ${now}, ${now}
    from generate_series(1, ${count}) as n order by n returning id`.execute(db);
  const ids = rows.map((row) => Number(row.id));
  await sql`
    insert into robot_keys (tenant_id, robot_id, name, key_id, secret_hash, status, created_by, updated_by, created_time, updated_time)
    select ${tenantId}, id, 'bench', key_id, ${hashSecret(ROBOT_SECRET)}, 'enabled', 'bench', 'bench', ${now}, ${now}
    from unnest(${ids}::bigint[], ${ids.map((_, i) => keyIdOf(i + 1))}::text[]) as given(id, key_id)`.execute(db);
  return ids;
}
