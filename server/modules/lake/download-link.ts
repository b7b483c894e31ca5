import { DOWNLOAD_LINK_DAYS } from '../../../model/schemas/upload';
import type { Principal } from '../../auth/guard';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/api-error';
import { storedInfo } from '../../storage/object-store';
import { checkDownloadQuota, lockSpace } from './quotas';

export const LINK_SECONDS = DOWNLOAD_LINK_DAYS * 24 * 3600;

/**
 * A signed link to a bag's file, valid for 7 days (spec §9). It counts the file's size against the
 * space's monthly download quota as it is given out: with S3 the bytes never pass through this
 * server, so that is the one moment it can count them. Decided with the space's row locked.
 */
export async function issueLink({ db, clock, storage }: Pick<AppContext, 'db' | 'clock' | 'storage'>, principal: Principal, bag: Record<string, unknown>) {
  const key = String(bag.bagOssPath);
  const stored = key.includes('://') ? null : await storedInfo(storage, key); // a store away is a 503, not "no file"
  if (!stored) throw new ApiError(400, 'lake:errors.downloadUnavailable', {}, { field: 'id' });
  const now = clock();
  await db.transaction().execute(async (trx) => {
    await lockSpace(trx, principal.tenant.id);
    await checkDownloadQuota(trx, principal.tenant.id, stored.size, now);
    await trx
      .insertInto('rawDataDownloads')
      .values({ tenantId: principal.tenant.id, bagId: Number(bag.id), bytes: stored.size, createdBy: principal.account.code, createdTime: now })
      .execute();
  });
  const fileName = String(bag.bagName);
  const url = await storage.signedUrl(key, { expiresInSeconds: LINK_SECONDS, fileName });
  return { url, fileName, size: stored.size, expiresTime: new Date(now.getTime() + LINK_SECONDS * 1000).toISOString() };
}
