import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import { ApiError } from '../../http/api-error';
import { downloadsThisMonth, storageBySpace } from '../space-stats/space-stats';

const quotaOf = async (db: Db, tenantId: number, column: 'rawDataStorageQuota' | 'rawDataDownloadQuota') =>
  (await db.selectFrom('tenants').select(column).where('id', '=', tenantId).executeTakeFirstOrThrow())[column];

/** The bytes a space's bags hold, with what its unfinished uploads have announced (they will hold it soon). */
export async function storageCommitted(db: Db, tenantId: number): Promise<number> {
  const bags = (await storageBySpace(db, tenantId)).get(tenantId)?.bytes ?? 0;
  const { rows } = await sql<{ bytes: number | null }>`
    select sum(file_size) as bytes from file_uploads where tenant_id = ${tenantId} and status in ('PENDING', 'PROCESSING')`.execute(db);
  return bags + Number(rows[0]?.bytes ?? 0);
}

/** One quota decision at a time per space (in the caller's transaction): two writers cannot both take its last bytes. */
export const lockSpace = (trx: Db, tenantId: number) => trx.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().execute();

/**
 * Refuses (413) what would take the space past its storage quota. `pending` is the upload being
 * finished, already counted among the announced ones.
 */
export async function checkStorageQuota(db: Db, tenantId: number, bytes: number, pending = 0): Promise<void> {
  const quota = await quotaOf(db, tenantId, 'rawDataStorageQuota');
  if (quota === null) return;
  const used = (await storageCommitted(db, tenantId)) - pending;
  if (used + bytes > quota) throw new ApiError(413, 'lake:errors.storageQuota', {}, { used, quota, requested: bytes });
}

export async function checkDownloadQuota(db: Db, tenantId: number, bytes: number, now: Date): Promise<void> {
  const quota = await quotaOf(db, tenantId, 'rawDataDownloadQuota');
  if (quota === null) return;
  const used = await downloadsThisMonth(db, tenantId, now);
  if (used + bytes > quota) throw new ApiError(413, 'lake:errors.downloadQuota', {}, { used, quota, requested: bytes });
}
