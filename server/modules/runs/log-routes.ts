import { Readable } from 'node:stream';
import { z } from 'zod';
import { instance } from '../../../model/schemas/instance';
import { envelope } from '../../../model/schemas/envelope';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { serverSecret } from '../../db/server-secrets';
import { listAccess } from '../../engine/list-access';
import { loose, rowsInScope } from '../../engine/queries';
import { ApiError } from '../../http/api-error';
import { setAside } from '../../http/bulk-turns';
import { ok } from '../../http/envelope';
import { signLogLink, verifyLogLink } from './log-download';
import { countLines, readLines, searchLines, type LogEntry } from './log-store';
import { streamLog } from './log-stream';
import type { RunBell } from './run-bell';

const tags = ['instance'];
const params = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'validation:invalidType')
    .transform(Number),
});
const seq = z
  .string()
  .regex(/^\d{1,15}$/, 'validation:invalidType')
  .transform(Number);
const limit = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, 'validation:invalidType')
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, 'validation:max')
    .optional()
    .transform((value) => value ?? fallback);
const logEntry = z.object({ seq: z.number(), time: z.string(), stream: z.enum(['stdout', 'stderr']), text: z.string() });
/** Spec §9: the log page opens at the last 500 lines. */
export const LOG_PAGE = 500;
const SECRET = 'instance-log-links';

/** An instance's log: its last lines and pages back, a search, a live stream, and the whole of it as a file. */
export function logRoutes(app: ApiApp, { db, reach, clock }: AppContext, bell: RunBell): void {
  const read = listAccess(instance.name, 'read');
  const readable = async (request: Parameters<typeof principalOf>[0], id: number) => {
    await rowsInScope(db, reach.scope(principalOf(request), instance.name, 'read'), [id]);
    return id;
  };

  app.get('/taskFlow/instance/:id/logs', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Lines of an instance’s log',
      description: `Ascending. Without before/after: its last \`limit\` lines (default ${LOG_PAGE}, spec §9); before: the lines just before that seq (paging back); after: those after it. Lines are numbered from 1 without gaps.`,
      params,
      querystring: z.object({ before: seq.optional(), after: seq.optional(), limit: limit(5000, LOG_PAGE) }),
      response: { 200: envelope(z.object({ lines: z.array(logEntry), total: z.number() })) },
    },
    handler: async (request) => {
      const id = await readable(request, request.params.id);
      const { before, after, limit: count } = request.query;
      if (before !== undefined && after !== undefined) throw new ApiError(400, 'runs:errors.beforeAndAfter');
      const window = after !== undefined ? { after, limit: count } : before !== undefined ? { before, limit: count } : { last: count };
      return ok({ lines: await readLines(db, id, window), total: await countLines(db, id) });
    },
  });

  app.get('/taskFlow/instance/:id/logs/search', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Lines of an instance’s log containing a text',
      description: 'Any case; the last `limit` matches before `before` (default: the end), ascending.',
      params,
      querystring: z.object({
        q: z.string().trim().min(1, 'validation:required').max(200, 'validation:maxLength'),
        before: seq.optional(),
        limit: limit(1000, 200),
      }),
      response: { 200: envelope(z.object({ lines: z.array(logEntry) })) },
    },
    handler: async (request) => {
      const id = await readable(request, request.params.id);
      return ok({ lines: await searchLines(db, id, request.query.q, request.query.limit, request.query.before) });
    },
  });

  app.get('/taskFlow/instance/:id/logs/stream', {
    config: { access: read },
    schema: {
      tags,
      summary: 'An instance’s log as it is written (server-sent events)',
      description:
        'text/event-stream from the line after `after`: `lines` events ({ lines }, the last seq as the event id), `status` when the instance changes state, `end` once it has ended and every line was sent. Reconnect with after = the last id received.',
      params,
      querystring: z.object({ after: seq.optional() }),
    },
    handler: async (request, reply) => {
      const id = await readable(request, request.params.id);
      reply.hijack();
      setAside(reply.raw); // open while someone watches: bulk work does not wait for it
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
      await streamLog(db, bell, reply.raw, id, request.query.after ?? 0);
    },
  });

  app.get('/taskFlow/instance/:id/logs/download-url', {
    config: { access: read },
    schema: {
      tags,
      summary: 'A link to download an instance’s whole log',
      description: 'Valid 10 minutes, needs no header: one line per entry, `<ISO time> <stream> <text>`.',
      params,
      response: { 200: envelope(z.object({ url: z.string() })) },
    },
    handler: async (request) => {
      const id = await readable(request, request.params.id);
      return ok({ url: signLogLink(await serverSecret(db, SECRET, clock()), id, clock()) });
    },
  });

  app.get('/taskFlow/instance/:id/logs/download', {
    config: { access: 'public' },
    // Reached only through the link download-url gives (its signature is the permission), as stored objects are: not a call of the document.
    schema: { hide: true, params, querystring: z.object({ expires: seq, signature: z.string().max(100) }) },
    handler: async (request, reply) => {
      const { id } = request.params;
      const check = verifyLogLink(await serverSecret(db, SECRET, clock()), id, request.query.expires, request.query.signature, clock());
      if (check !== 'ok') throw new ApiError(403, check === 'expired' ? 'runs:errors.linkExpired' : 'errors:forbidden');
      const row = (await loose(db).selectFrom(instance.table).select('k8sJobName').where('id', '=', id).executeTakeFirst()) as
        { k8sJobName: string } | undefined;
      if (!row) throw new ApiError(404, 'errors:notFound');
      reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${row.k8sJobName}.log"`);
      return reply.send(Readable.from(wholeLog(db, id)));
    },
  });
}

const asText = (line: LogEntry) => `${line.time} ${line.stream} ${line.text}\n`;

async function* wholeLog(db: AppContext['db'], id: number) {
  for (let after = 0; ;) {
    const lines = await readLines(db, id, { after, limit: 5000 });
    if (lines.length === 0) return;
    yield lines.map(asText).join('');
    after = lines[lines.length - 1]!.seq;
  }
}
