import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import type { ApiApp, AppContext } from '../../context';
import { bearerToken, sameText } from '../../auth/bearer';
import { serverSecret } from '../../db/server-secrets';
import { ApiError } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { readInstance } from './instance-state';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outputFileName, outputVersionPayload, publishOutput } from '../datasets/processing-output';
import { keepRunFile, reportProgress } from './run-subject';
import { byId } from './subject-env';
import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { evaluationResultsPayload } from '../../../model/schemas/evaluation-results';
import { storeResults } from '../evaluation/results-store';
import { INSTANCE_TOKENS, instanceToken } from './run-spec';
import { metricReportsPayload } from '../../../model/schemas/run-metrics';
import { reportMetrics } from './metric-store';

const params = idParams;

/** Whether the request carries this instance's token (EDP_INSTANCE_TOKEN), compared in constant time. */
const holdsToken = (header: string | undefined, expected: string) => sameText(bearerToken(header) ?? '', expected);

/** A run calling back with its instance token: how far it got, shown on the training record or export it serves (as a progress line would be), its metrics (as metric lines would be), its results and output. */
export function callbackRoutes(app: ApiApp, context: AppContext): void {
  const { db, clock, records } = context;
  /** The running instance the request's token belongs to: 403 for another token, 409 once it has ended. */
  const runningOf = async (id: number, authorization: string | undefined) => {
    if (!holdsToken(authorization, instanceToken(await serverSecret(db, INSTANCE_TOKENS, clock()), id))) throw new ApiError(403, 'errors:forbidden');
    const row = await readInstance(db, id);
    if (row?.status !== 'running') throw new ApiError(409, 'runs:errors.notRunning');
    return row;
  };
  /**
   * The token and the run are checked before a byte of the body is read: without the run's token a call is refused
   * whatever it sends, and a file or a version for an ended run is never taken in.
   */
  const runOnly = {
    config: { access: 'public' as const },
    onRequest: async (request: FastifyRequest) => {
      const id = Number((request.params as Record<string, unknown>).id);
      if (Number.isSafeInteger(id) && id > 0) await runningOf(id, request.headers.authorization);
    },
  };
  /** A processing record's run, or a 400: only those hand back versions. */
  const processingRun = async (id: number, authorization: string | undefined) => {
    const row = await runningOf(id, authorization);
    if (!row.processingRecord) throw new ApiError(400, 'runs:errors.notProcessing');
    return Number(row.processingRecord);
  };

  app.post('/taskFlow/instance/:id/progress', {
    ...runOnly,
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

  app.post('/taskFlow/instance/:id/evaluation-results', {
    ...runOnly,
    schema: {
      tags: ['instance'],
      summary: 'An evaluation run reports how its items went',
      description:
        'With the instance token, while running: per item of items.json (its id), whether it succeeded, its progress (0-1), its duration and, failing, a failure mode; an item reported again replaces its result. 400 for a run that serves no evaluation record or an id that is not one of its items (nothing is kept).',
      params,
      body: evaluationResultsPayload,
      response: { 200: envelope(z.object({ kept: z.number() })) },
    },
    handler: async (request) => {
      const row = await runningOf(request.params.id, request.headers.authorization);
      if (!row.evaluationRecord) throw new ApiError(400, 'runs:errors.notEvaluation');
      const record = await byId(db, evaluationRecord.table, Number(row.evaluationRecord));
      return ok({ kept: await storeResults(db, record!, request.body.results, clock()) });
    },
  });

  app.post('/taskFlow/instance/:id/metrics', {
    ...runOnly,
    schema: {
      tags: ['instance'],
      summary: 'A running instance reports metrics',
      description:
        'With `Authorization: Bearer $EDP_INSTANCE_TOKEN`, while running: `reports`, in order, each a metric’s value by name (`values`: {"loss": 0.12, "val/loss": 0.2}) and the step it is at (`step`, optional); kept exactly as the same reports printed as lines `##edp:metric loss=0.12 val/loss=0.2 step=400` would be (numbered on after the run’s reports so far, lines and calls alike), and charted with them. A name is letters, digits, underscore, hyphen, period and slash, up to 64 characters, and not `step`; a value is a finite number; a step a whole number from 0. 1 to 1000 reports a call, 1 to 100 metrics a report. 403 for another token; 409 when the instance is not running; 400 for anything out of shape, with nothing kept.',
      params,
      body: metricReportsPayload,
      response: { 200: envelope(z.object({ kept: z.number() })) },
    },
    handler: async (request) => {
      const row = await runningOf(request.params.id, request.headers.authorization);
      const time = clock();
      await reportMetrics(
        db,
        row,
        request.body.reports.map((report) => ({ step: report.step ?? null, values: report.values, time })),
      );
      return ok({ kept: request.body.reports.length });
    },
  });

  app.post('/taskFlow/instance/:id/output-version', {
    ...runOnly,
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
      ...runOnly,
      schema: {
        tags: ['instance'],
        summary: 'A run stores a file it produced (application/octet-stream)',
        description:
          'With the instance token, while running. A processing run’s file is listed on its record; any other run’s (a training run’s model, an export’s artifact) is kept with its size and SHA-256 and goes to what the run makes when it succeeds. A name is letters, digits, dot, underscore and hyphen; the same name again replaces the file.',
        params: params.extend({ name: outputFileName() }),
        response: { 200: envelope(z.object({ name: z.string(), size: z.number(), sha256: z.string().optional() })) },
      },
      handler: async (request) =>
        ok(await keepRunFile(context, await runningOf(request.params.id, request.headers.authorization), request.params.name, request.body as Readable)),
    });
  });
}
