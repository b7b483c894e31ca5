import { bag as bagEntity } from '../../../src/schemas/bag';
import { entityIdParam } from '../../../src/schemas/fields';
import { envelope } from '../../../src/schemas/envelope';
import { DOWNLOAD_LINK_DAYS, downloadLink } from '../../../src/schemas/upload';
import { z } from 'zod';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { bagAccess } from './lake-access';
import { checkDownloadQuota } from './quotas';

const LINK_SECONDS = DOWNLOAD_LINK_DAYS * 24 * 3600;

/**
 * A bag's file, through a signed link valid for 7 days (spec §9) that honours Range. The link counts
 * the file's size against the space's monthly download quota when it is given out: with S3 the
 * bytes never pass through this server, so that is the one moment it can count them.
 */
export function downloadRoutes(app: ApiApp, { db, clock, reach, storage }: AppContext): void {
  app.get('/data/lake/bag/download-url', {
    config: { access: bagAccess('read') },
    schema: {
      tags: ['raw-data'],
      summary: 'A download link of a bag’s recording',
      description: `Valid for ${DOWNLOAD_LINK_DAYS} days; the file is served with Range support. 413 when the space’s raw-data download quota for this month (China time) cannot take the file; 400 when the bag has no stored file.`,
      querystring: z.object({ id: entityIdParam('common:id') }),
      response: { 200: envelope(downloadLink) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const [bag] = await rowsInScope(db, reach.scope(principal, bagEntity.name, 'read'), [request.query.id]);
      const key = String(bag!.bagOssPath);
      const stored = key.includes('://') ? null : await storage.head(key).catch(() => null);
      if (!stored) throw new ApiError(400, 'lake:errors.downloadUnavailable', {}, { field: 'id' });
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('tenants').select('id').where('id', '=', principal.tenant.id).forUpdate().execute();
        await checkDownloadQuota(trx, principal.tenant.id, stored.size, now);
        await trx
          .insertInto('rawDataDownloads')
          .values({ tenantId: principal.tenant.id, bagId: bag!.id as number, bytes: stored.size, createdBy: principal.account.code, createdTime: now })
          .execute();
      });
      const fileName = String(bag!.bagName);
      const url = await storage.signedUrl(key, { expiresInSeconds: LINK_SECONDS, fileName });
      return ok({ url, fileName, size: stored.size, expiresTime: new Date(now.getTime() + LINK_SECONDS * 1000).toISOString() });
    },
  });
}
