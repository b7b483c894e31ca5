import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import type { ApiApp, AppContext } from '../../context';
import { serverSecret } from '../../db/server-secrets';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { readInstance } from './instance-state';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OUTPUT_FILE, outputVersionPayload, publishOutput, storeOutput } from '../datasets/processing-output';
import { reportProgress } from './run-subject';
import { INSTANCE_TOKENS, instanceToken } from './run-spec';

const params = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'validation:invalidType')
    .transform(Number),
});

/** Whether the request carries this instance's token (EDP_INSTANCE_TOKEN), compared in constant time. */
const holdsToken = (header: string | undefined, expected: string) => {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/** A run calling back with its instance token: how far it got, shown on the training record or export it serves (as a progress line would be). */
export function callbackRoutes(app: ApiApp, { db, clock, records, storage }: AppContext): void {
  /** The running instance the request's token belongs to: 403 for another token, 409 once it has ended. */
  const runningOf = async (id: number, authorization: string | undefined) => {
    if (!holdsToken(authorization, instanceToken(await serverSecret(db, INSTANCE_TOKENS, clock()), id))) throw new ApiError(403, 'errors:forbidden');
    const row = await readInstance(db, id);
    if (row?.status !== 'running') throw new ApiError(409, 'runs:errors.notRunning');
    return row;
  };
  /** A processing record's run, or a 400: only those hand back versions and files. */
  const processingRun = async (id: number, authorization: string | undefined) => {
    const row = await runningOf(id, authorization);
    if (!row.processingRecord) throw new ApiError(400, 'runs:errors.notProcessing');
    return Number(row.processingRecord);
  };

  app.post('/taskFlow/instance/:id/progress', {
    config: { access: 'public' },
    schema: {
      tags: ['instance'],
      summary: 'A running instance reports its progress',
      description:
        'Called by the run itself, with `Authorization: Bearer $EDP_INSTANCE_TOKEN` (not a session). 403 for another token; 409 when the instance is not running.',
      params,
      body: z.object({ progress: z.number({ error: 'validation:invalidType' }).min(0, 'validation:min').max(100, 'validation:max') }),
      response: { 200: envelope(z.object({ progress: z.number() })) },
    },
    handler: async (request) => {
      const row = await runningOf(request.params.id, request.headers.authorization);
      const progress = Math.floor(request.body.progress);
      await reportProgress(records, row, progress);
      return ok({ progress });
    },
  });

  app.post('/taskFlow/instance/:id/output-version', {
    config: { access: 'public' },
    schema: {
      tags: ['instance'],
      summary: 'A processing run hands back a new dataset version',
      description:
        'With the instance token, while running: a new version of the input’s dataset, its parent the input version, holding the given members (bags of the space). 400 for a run that serves no processing record or a bag not of the space; 409 for a version name taken.',
      params,
      body: outputVersionPayload,
      response: { 200: envelope(z.object({ id: z.number(), contentHash: z.string() })) },
    },
    handler: async (request) => ok(await publishOutput(records, db, await processingRun(request.params.id, request.headers.authorization), request.body)),
  });

  // A file streams in as the run sends it, past the API's JSON body limit.
  app.register(async (files) => {
    files.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    files.withTypeProvider<ZodTypeProvider>().put('/taskFlow/instance/:id/output-files/:name', {
      config: { access: 'public' },
      // The token is checked before a byte of the body is read: a refused file is never taken in.
      onRequest: async (request) => {
        const id = Number((request.params as Record<string, unknown>).id);
        if (Number.isSafeInteger(id) && id > 0) await processingRun(id, request.headers.authorization);
      },
      schema: {
        tags: ['instance'],
        summary: 'A processing run stores a file it produced (application/octet-stream)',
        description:
          'With the instance token, while running; the record lists it and its page downloads it. A name is letters, digits, dot, underscore and hyphen.',
        params: params.extend({ name: z.string().regex(OUTPUT_FILE, 'validation:invalid') }),
        response: { 200: envelope(z.object({ name: z.string(), size: z.number() })) },
      },
      handler: async (request) =>
        ok(
          await storeOutput(
            records,
            db,
            storage,
            await processingRun(request.params.id, request.headers.authorization),
            request.params.name,
            request.body as Readable,
          ),
        ),
    });
  });
}
