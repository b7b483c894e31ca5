import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { rowsInScope } from './queries';
import type { ApiResource } from './registry';

/** What a path id must look like to name a record; anything else is left to the route's own validation (a 400 about the id). */
const RECORD_ID = /^\d{1,15}$/;

/**
 * A module's call about one record (`{entity api}/:id/...`: a task's run, a ticket's distribution, an instance's log)
 * looks its record up before anything else the caller sent is read: one out of the caller's reach (another space's, or
 * outside every view they read) is a 404 whatever the body or query, never a 400 about input that could not have
 * mattered. Done before the body is parsed, so a malformed or oversized body changes nothing either. A route that
 * needs more than reading the record (running a task, reviewing a job) checks its own operation as well.
 */
export function registerRecordPaths(app: FastifyInstance, { db, reach }: Pick<AppContext, 'db' | 'reach'>, resources: readonly ApiResource[]): void {
  app.addHook('onRoute', (route) => {
    const resource = resources.find((candidate) => route.url.startsWith(`${route.prefix}${candidate.api}/:id/`));
    if (!resource) return;
    const findRecord: preParsingAsyncHookHandler = async (request, _reply, payload) => {
      const id = (request.params as { id?: string }).id ?? '';
      // A public call (a run's own, with its token; a signed link) has no principal: the route checks what it holds.
      if (request.principal && RECORD_ID.test(id)) await rowsInScope(db, reach.scope(request.principal, resource.entity.name, 'read'), [Number(id)]);
      return payload;
    };
    const declared = route.preParsing;
    route.preParsing = [findRecord, ...(declared === undefined ? [] : Array.isArray(declared) ? declared : [declared])];
  });
}
