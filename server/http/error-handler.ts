import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RESULT_CODE } from '../../model/schemas/envelope';
import { describeIssue } from '../../model/schemas/issues';
import { isConnectionLost } from '../db/connection-lost';
import { ApiError } from './api-error';
import { hasMessage, localize } from './messages';
import { storageError } from './storage-error';

/** Spec §8: the one place that turns any failure into `{ code, message: { zh_CN, en_US }, data }`; never a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const failure = toApiError(error, request);
    // 503 and 507: the database or the file store away or full, an outage to see in the log, not a fault.
    if (failure.statusCode === 503 || failure.statusCode === 507) request.log.warn({ err: error }, 'service unavailable');
    else if (failure.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, failure);
  });
  app.setNotFoundHandler((_request, reply) => sendFailure(reply, new ApiError(404, 'errors:routeNotFound')));
}

function sendFailure(reply: FastifyReply, failure: ApiError) {
  const expired = failure.messageKey === 'errors:sessionExpired';
  // A key missing from a catalogue would come back as itself: say what the status means instead.
  const key = hasMessage(failure.messageKey)
    ? failure.messageKey
    : failure.statusCode >= 500
      ? 'errors:generic'
      : (BY_STATUS[failure.statusCode] ?? 'errors:badRequest');
  // A refusal that says when to come back says it to HTTP clients too (RFC 9110 §10.2.3).
  const retryAfter = failure.data?.retryAfterSeconds;
  if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
  return reply.status(failure.statusCode).send({
    code: expired ? RESULT_CODE.timeout : RESULT_CODE.error,
    message: localize(key, failure.params),
    data: failure.data,
  });
}

/** What a client waiting out a database restart is told to wait before trying again. */
const DATABASE_RETRY_SECONDS = 5;

const BY_STATUS: Record<number, string> = {
  400: 'errors:badRequest',
  404: 'errors:notFound',
  413: 'errors:payloadTooLarge',
  415: 'errors:unsupportedMediaType',
  429: 'errors:rateLimited',
};

function toApiError(error: FastifyError | ApiError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  // A GET or HEAD only reads (a download): nothing of it was to be stored.
  const store = storageError(error, { reading: request.method === 'GET' || request.method === 'HEAD' });
  if (store) return store;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [issue] = error.validation;
    const schema = request.routeOptions.schema?.[error.validationContext as 'body'] as z.ZodType;
    const path = issue!.instancePath.split('/').filter(Boolean);
    const { field, key, params } = describeIssue(schema, { ...issue!.params, path, message: issue!.message ?? '', code: issue!.keyword }, hasMessage);
    return new ApiError(400, key, params, { field });
  }
  if (isConnectionLost(error)) return new ApiError(503, 'errors:status.503', {}, { retryAfterSeconds: DATABASE_RETRY_SECONDS });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, BY_STATUS[status] ?? 'errors:badRequest');
  return new ApiError(500, 'errors:generic');
}
