import { z } from 'zod';
import { bag as bagEntity } from '../../../model/schemas/bag';
import { idsPayload } from '../../../model/schemas/engine/entity';
import { envelope } from '../../../model/schemas/envelope';
import { entityIdParam } from '../../../model/schemas/fields';
import { DOWNLOAD_LINK_DAYS, downloadLink, downloadLinks, rawDataMeta } from '../../../model/schemas/upload';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { loose, rowsInScope } from '../../engine/queries';
import { inScope } from '../../engine/scope';
import { toRecord } from '../../engine/records';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { localize } from '../../http/messages';
import { storageError } from '../../http/storage-error';
import { issueLink } from './download-link';
import { bagAccess } from './lake-access';

const tags = ['raw-data'];
const linkNote = `Each link is valid for ${DOWNLOAD_LINK_DAYS} days, serves the file with Range support, and counts the file’s size against the space’s raw-data download quota for this month (China time).`;

/** A bag's file out, one or several; and what the selected bags are (raw_data_meta.json). */
export function downloadRoutes(app: ApiApp, context: AppContext): void {
  const { db, reach } = context;
  const readable = async (request: Parameters<typeof principalOf>[0], ids: number[]) =>
    (await loose(db)
      .selectFrom(bagEntity.table)
      .selectAll()
      .where('id', 'in', ids)
      .where(inScope(reach.scope(principalOf(request), bagEntity.name, 'read')))
      .execute()) as Record<string, unknown>[];

  app.get('/data/lake/bag/download-url', {
    config: { access: bagAccess('read') },
    schema: {
      tags,
      summary: 'A download link of a bag’s recording',
      description: `${linkNote} 413 when that quota cannot take the file; 400 when the bag has no stored file; 503 when the file store cannot be reached.`,
      querystring: z.object({ id: entityIdParam('common:id') }),
      response: { 200: envelope(downloadLink) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const [bag] = await rowsInScope(db, reach.scope(principal, bagEntity.name, 'read'), [request.query.id]);
      return ok(await issueLink(context, principal, bag!));
    },
  });

  app.post('/data/lake/bag/download-links', {
    config: { access: bagAccess('read') },
    schema: {
      tags,
      summary: 'Download links of several bags (a bulk download, an exported command list)',
      description: `${linkNote} Partial success: each bag that cannot be given (not found, no stored file, the quota exhausted, the file store out of reach) is listed under failures with the reason.`,
      body: idsPayload,
      response: { 200: envelope(downloadLinks) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const found = new Map((await readable(request, request.body.ids)).map((bag) => [Number(bag.id), bag]));
      const result: z.infer<typeof downloadLinks> = { links: [], failures: [] };
      for (const id of new Set(request.body.ids)) {
        const bag = found.get(id);
        try {
          if (!bag) throw new ApiError(404, 'errors:notFound');
          result.links.push({ id, ...(await issueLink(context, principal, bag)) });
        } catch (error) {
          const refusal = error instanceof ApiError ? error : storageError(error, { reading: true });
          if (!refusal) throw error;
          result.failures.push({ id, fileName: String(bag?.bagName ?? ''), reason: localize(refusal.messageKey, refusal.params) });
        }
      }
      return ok(result);
    },
  });

  app.post('/data/lake/bag/meta', {
    config: { access: bagAccess('read') },
    schema: {
      tags,
      summary: 'raw_data_meta.json of the selected bags',
      description:
        'generatedTime, and per bag its record as the list returns it (name, status, size in bytes, duration in seconds, start and end time, MD5, region, upload type, robot, scene, plan, operator, quality, labels, authors and times) without its storage path, with topics as parsed from the recording: [{ topic, messageType, encoding, messageCount, frequencyHz }]. Bags the caller cannot read are left out.',
      body: idsPayload,
      response: { 200: envelope(rawDataMeta) },
    },
    handler: async (request) => {
      const bags = (await readable(request, request.body.ids)).map((row) => {
        const { bagOssPath: _path, topics, ...record } = toRecord(bagEntity, row) as Record<string, unknown>;
        return { ...record, topics: topics ? (JSON.parse(String(topics)) as unknown) : [] };
      });
      return ok({ generatedTime: context.clock().toISOString(), bags });
    },
  });
}
