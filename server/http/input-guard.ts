import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { labelAt, REQUEST_LABEL } from '../../model/schemas/issues';
import { ApiError } from './api-error';

const NUL = '\u0000';

/** A streamed body (an upload's part) or raw bytes: no parsed text to look into. */
const isRaw = (node: object) => ArrayBuffer.isView(node) || typeof (node as { pipe?: unknown }).pipe === 'function';

/** Whether a NUL character occurs anywhere in a parsed request part: every call asks, so it makes no paths. */
function holdsNul(value: unknown): boolean {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const pending: unknown[] = [value];
  while (pending.length) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (node.includes(NUL)) return true;
    } else if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
    } else if (node && typeof node === 'object' && !isRaw(node)) {
      for (const key of Object.keys(node)) {
        if (key.includes(NUL)) return true;
        pending.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Where a NUL character first occurs in a parsed request part (keys and string values, however deep), as a path. */
export function nulPath(value: unknown): (string | number)[] | undefined {
  if (!holdsNul(value)) return undefined;
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const pending: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
  while (pending.length) {
    const { node, path } = pending.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL)) return path;
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) pending.push({ node: node[index], path: [...path, index] });
    } else if (node && typeof node === 'object' && !isRaw(node)) {
      const entries = Object.entries(node);
      for (const [key] of entries) if (key.includes(NUL)) return [...path, key];
      for (let index = entries.length - 1; index >= 0; index -= 1) pending.push({ node: entries[index]![1], path: [...path, entries[index]![0]] });
    }
  }
  return undefined;
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * PostgreSQL text cannot hold U+0000: a value carrying it would fail in the database (a 500). Every
 * API call is refused with 400 naming the field before any schema or handler sees such a value.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, schemaPart] of PARTS) {
      const path = nulPath(request[part]);
      if (!path) continue;
      const field = path.map((step) => String(step).replaceAll(NUL, '\\u0000')).join('.');
      const schema = request.routeOptions.schema?.[schemaPart] as z.ZodType | undefined;
      const label = (typeof schema?.meta === 'function' && labelAt(schema, path)) || field || REQUEST_LABEL;
      throw new ApiError(400, 'validation:nul', { label }, { field });
    }
  });
}
