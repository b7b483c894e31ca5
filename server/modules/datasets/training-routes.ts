import { z } from 'zod';
import { bag } from '../../../model/schemas/bag';
import { envelope } from '../../../model/schemas/envelope';
import { entityId, entityIdParam } from '../../../model/schemas/fields';
import { trainingData } from '../../../model/schemas/training-data';
import { trainingMapping } from '../../../model/schemas/training-mapping';
import { DOWNLOAD_LINK_DAYS } from '../../../model/schemas/upload';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { LeRobotExportError } from '../../lerobot/export-lerobot';
import { previewMapping } from '../../lerobot/preview-mapping';
import { storedByteSource } from '../lake/stored-object';
import { mappingOf } from './mapping-hooks';

const preview = z.object({
  topics: z.array(z.object({ topic: z.string(), messageType: z.string() })),
  probe: z.object({
    stateDims: z.number(),
    stateNames: z.array(z.string()).optional(),
    actionDims: z.number().optional(),
    actionNames: z.array(z.string()).optional(),
    cameraShapes: z.array(z.unknown()),
    expectedFrames: z.number(),
  }),
  frames: z.array(z.object({ state: z.array(z.number()), action: z.array(z.number()).nullable(), imageBytes: z.array(z.number()) })),
});

/** A training set's archive out through a signed link, and a mapping tried on one recording. */
export function trainingRoutes(app: ApiApp, { db, reach, storage }: AppContext): void {
  app.get('/data/lake/training-data/download-url', {
    config: { access: listAccess(trainingData.name, 'read') },
    schema: {
      tags: ['training-data'],
      summary: 'A download link of a training set’s LeRobot archive (.tar)',
      description: `Valid for ${DOWNLOAD_LINK_DAYS} days. 400 until the export has succeeded.`,
      querystring: z.object({ id: entityIdParam('common:id') }),
      response: { 200: envelope(z.object({ url: z.string(), fileName: z.string(), expiresInSeconds: z.number() })) },
    },
    handler: async (request) => {
      const [record] = await rowsInScope(db, reach.scope(principalOf(request), trainingData.name, 'read'), [request.query.id]);
      if (record!.status !== 'success' || !record!.storagePath) throw new ApiError(400, 'trainingData:errors.notReady');
      const fileName = `${String(record!.name)}.tar`;
      const expiresInSeconds = DOWNLOAD_LINK_DAYS * 86_400;
      return ok({ url: await storage.signedUrl(String(record!.storagePath), { expiresInSeconds, fileName }), fileName, expiresInSeconds });
    },
  });

  app.post('/data/lake/training-mapping/preview', {
    config: { access: listAccess(trainingMapping.name, 'read') },
    schema: {
      tags: ['training-mapping'],
      summary: 'Try a mapping on one recording',
      description:
        'The recording’s topics, the features the mapping gives (dimensions, names, camera shapes, frames expected) and its first frames. 400 with the reason when the mapping does not fit the recording.',
      body: z.object({ mapping: z.string().max(16384, 'validation:maxLength'), bagId: entityId('versionMember:fields.bagId') }),
      response: { 200: envelope(preview) },
    },
    handler: async (request) => {
      const mapping = mappingOf(request.body.mapping);
      const [row] = await rowsInScope(db, reach.scope(principalOf(request), bag.name, 'read'), [request.body.bagId]);
      if (!row!.bagOssPath) throw new ApiError(400, 'trainingMapping:errors.noRecording', {}, { field: 'bagId' });
      const key = String(row!.bagOssPath);
      const fileName = /\.(mcap|bag)$/i.test(key) ? key.split('/').pop()! : String(row!.bagName);
      try {
        return ok(await previewMapping(storedByteSource(storage, key, Number(row!.bagSize)), fileName, mapping));
      } catch (error) {
        if (error instanceof LeRobotExportError) throw new ApiError(400, 'trainingMapping:errors.doesNotFit', { detail: error.message }, { field: 'mapping' });
        throw error;
      }
    },
  });
}
