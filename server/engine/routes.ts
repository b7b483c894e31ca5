import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createPayload, fieldEntries, idsPayload, recordSchema, updatePayload } from '../../model/schemas/engine/entity';
import { withinDates } from '../../model/schemas/engine/bounds';
import { totalsReport } from '../../model/schemas/engine/totals';
import type { AnyEntity, FieldDecl } from '../../model/schemas/engine/types';
import { entityPage, envelope, pageQuery } from '../../model/schemas/envelope';
import { entityIdParam } from '../../model/schemas/fields';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../model/schemas/languages';
import { principalOf } from '../auth/guard';
import type { ApiApp, AppContext } from '../context';
import { forbidden } from '../http/api-error';
import { setAside } from '../http/bulk-turns';
import { ok } from '../http/envelope';
import { exportCsv } from './export';
import { listRecords, type ListParams } from './list-query';
import { rowsInScope } from './queries';
import { toRecord } from './records';
import { daysBefore, dayOf, readRollup } from './rollup-query';
import type { ApiResource } from './registry';
import { withTitles } from './titles';
import { personActor } from './actor';

/** A filter's query parameter, named in messages by its field's label. */
const filterParam = (label: string) => z.string().max(1000, 'validation:maxLength').optional().meta({ label });

/** The list's query string: paging, sort, cursor and one parameter per declared filter. */
function listQuery(entity: AnyEntity) {
  const filters = fieldEntries(entity).flatMap(([name, field]: [string, FieldDecl]): [string, z.ZodType][] =>
    !field.filter
      ? []
      : field.filter === 'range'
        ? [
            [`${name}.from`, filterParam(field.label)],
            [`${name}.to`, filterParam(field.label)],
          ]
        : [[name, z.union([filterParam(field.label), z.array(z.string().max(1000, 'validation:maxLength'))]).meta({ label: field.label })]],
  );
  return z.object({
    ...pageQuery.shape,
    sort: z.string().max(200, 'validation:maxLength').optional().meta({ label: 'common:sort', description: '`field,asc` or `field,desc`' }),
    cursor: z
      .string()
      .max(500, 'validation:maxLength')
      .optional()
      .meta({ label: 'common:cursor', description: 'nextCursor of the previous page: the next page by keyset' }),
    lang: z.enum(LANGUAGES, 'validation:oneOf').optional().meta({ label: 'layout:language.toggle', description: 'export: the language of the header row' }),
    ...Object.fromEntries(filters),
  });
}

/**
 * The list's answer as JSON, as it is built: its records come from the table's declared columns
 * (toRecord), so re-validating every one of them against the record schema, as the zod serializer
 * does, only spends time on the hottest call (tests/server/list-answers.test.ts checks that the two
 * agree). The schema still documents the answer.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

const paramsOf = ({ pageNum, pageSize, sort, cursor, lang: _lang, ...filters }: Record<string, unknown>): ListParams => ({
  pageNum: pageNum as number,
  pageSize: pageSize as number,
  sort: sort as string | undefined,
  cursor: cursor as string | undefined,
  filters: filters as ListParams['filters'],
});

/** The generic API of one declared entity (DESIGN "API conventions"), guarded by its resource's permissions. */
export function entityRoutes(app: ApiApp, { db, clock, reach, records }: AppContext, { entity, api, auth, actionAuth }: ApiResource): void {
  const tags = [entity.name];
  const record = recordSchema(entity);
  const access = (permissions: ApiResource['auth']['read']) => ({ access: permissions ?? ('signedIn' as const) });
  const query = listQuery(entity);
  /** The rows the caller reads: its space, narrowed to its views where it reads through views only (my tickets). */
  const reads = (request: FastifyRequest) => reach.scope(principalOf(request), entity.name, 'read');
  /** What the caller may open of a referenced entity: the links of those records come with their titles. */
  const readScopeOf = (request: FastifyRequest) => (target: string) => (reach.serves(target) ? reach.scope(principalOf(request), target, 'read') : undefined);
  const titled = <R extends Record<string, unknown>>(request: FastifyRequest, records: R[]) => withTitles(db, entity.name, records, readScopeOf(request));
  const titledOne = async <R extends Record<string, unknown>>(request: FastifyRequest, record: R) => (await titled(request, [record]))[0]!;
  const actor = (request: FastifyRequest) => personActor(principalOf(request));

  app.get(`${api}/query`, {
    config: access(auth.read),
    serializerCompiler: plainJson,
    schema: {
      tags,
      summary: `List ${entity.name} records`,
      description: 'Totals are capped at 10,000 (totalCapped: true beyond). Sorting by the default order, pass nextCursor back as cursor to page by keyset.',
      querystring: query,
      response: { 200: envelope(entityPage(record)) },
    },
    handler: async (request) => {
      const page = await listRecords(db, entity, reads(request), paramsOf(request.query));
      return ok({ ...page, records: await titled(request, page.records) });
    },
  });

  app.get(`${api}/get`, {
    config: access(auth.read),
    schema: { tags, summary: `One ${entity.name} record`, querystring: z.object({ id: entityIdParam('common:id') }), response: { 200: envelope(record) } },
    handler: async (request) => {
      const [row] = await rowsInScope(db, reads(request), [request.query.id]);
      return ok(await titledOne(request, toRecord(entity, row!)));
    },
  });

  app.get(`${api}/export`, {
    config: access(auth.read),
    schema: { tags, summary: `The ${entity.name} records of the list's filters, as CSV`, querystring: query },
    handler: async (request, reply) => {
      const params = paramsOf(request.query);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${entity.name}.csv"`);
      setAside(reply.raw); // its batches give way to other requests, not to itself
      return reply.send(Readable.from(exportCsv(db, entity, reads(request), params, request.query.lang ?? DEFAULT_LANGUAGE)));
    },
  });

  if (entity.rollup) {
    // A day whose longest range (10 years back) stays within the years the database holds.
    const day = (label: string) =>
      z.iso
        .date({ error: 'validation:invalid' })
        .refine((value) => withinDates(Date.parse(value) - 3660 * 86_400_000), 'validation:invalid')
        .optional()
        .meta({ label, description: 'YYYY-MM-DD, China time' });
    app.get(`${api}/totals`, {
      config: access(auth.read),
      schema: {
        tags,
        summary: `Daily totals of ${entity.name} records, whole, per day and per ${entity.rollup.dimensions.join(', ')}`,
        description:
          'From a rollup the database keeps as records change: the cost depends on the days asked for, not on the records. Defaults to the last 30 days.',
        querystring: z
          .object({ from: day('common:fromDay'), to: day('common:toDay') })
          // Only over two valid days: a malformed one has its own issue (and would break the date arithmetic).
          .refine(({ from, to }) => !from || !to || (from <= to && daysBefore(to, 3660) <= from), {
            message: 'validation:dateRange',
            path: ['from'],
            when: (payload) => payload.issues.length === 0,
          }),
        response: { 200: envelope(totalsReport) },
      },
      handler: async (request) => {
        const to = request.query.to ?? dayOf(clock());
        const from = request.query.from ?? daysBefore(to, 29);
        const scope = reads(request);
        // Totals are kept per space: a reader of some of its records only has no total to read.
        if (scope.views || scope.parent) throw forbidden();
        return ok(await readRollup(db, entity, scope.tenantId, from, to));
      },
    });
  }

  app.post(`${api}/create`, {
    config: access(auth.create),
    schema: {
      tags,
      summary: `Create a ${entity.name} record`,
      body: createPayload(entity),
      response: { 200: envelope(z.intersection(record, z.object({ extras: z.record(z.string(), z.unknown()).optional() }))) },
    },
    handler: async (request) => ok(await titledOne(request, await records.create(actor(request), entity, request.body as Record<string, unknown>))),
  });

  app.post(`${api}/update`, {
    config: access(auth.update),
    schema: {
      tags,
      summary: `Update a ${entity.name} record`,
      description: "409 when updatedTime is not the record's current one (someone saved in between).",
      body: updatePayload(entity),
      response: { 200: envelope(record) },
    },
    handler: async (request) => ok(await titledOne(request, await records.update(actor(request), entity, request.body as Record<string, unknown>))),
  });

  app.post(`${api}/delete`, {
    config: access(auth.delete),
    schema: { tags, summary: `Delete ${entity.name} records`, body: idsPayload, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    handler: async (request) => ok(await records.remove(actor(request), entity, request.body.ids)),
  });

  for (const [name, action] of Object.entries(entity.states?.actions ?? {})) {
    app.post(`${api}/${name}`, {
      config: access(actionAuth(name)),
      schema: {
        tags,
        summary: `${name}: ${action.from.join('/')} → ${action.to}`,
        description: '409 when a selected record is in a state the transition does not start from; then none changes.',
        body: idsPayload,
        response: { 200: envelope(z.array(record)) },
      },
      handler: async (request) => ok(await titled(request, await records.transition(actor(request), entity, name, request.body.ids))),
    });
  }
}
