import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { fieldEntries } from '../../../model/schemas/engine/entity';
import type { AnyEntity, FieldDecl } from '../../../model/schemas/engine/types';
import type { Db } from '../../../server/db/tables';

/**
 * Random and hostile input for the property suite (tests/server/hostile-input.test.ts),
 * derived from declarations: a field's column and widget decide what is hostile to it.
 */

// ---------------------------------------------------------------- the seed

/** FC_SEED=<n> replays a run, FC_SEED=random explores; FC_RUNS=<k> multiplies the number of cases. */
export const SEED = process.env.FC_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FC_SEED ?? 20261122);
const SCALE = Math.max(0.1, Number(process.env.FC_RUNS ?? 1));
export const runs = (count: number) => Math.max(1, Math.round(count * SCALE));

/** fc.assert with the suite's seed; a failure says how to replay it. */
export async function check<T>(property: fc.IAsyncPropertyWithHooks<T>, numRuns: number): Promise<void> {
  try {
    await fc.assert(property, { seed: SEED, numRuns: runs(numRuns), endOnFailure: process.env.FC_SHRINK !== '1' });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const text = `${error instanceof Error ? error.message : String(error)}${cause instanceof Error ? `\n${cause.message}` : ''}`;
    throw new Error(`hostile input found a defect (replay with FC_SEED=${SEED}${process.env.FC_RUNS ? ` FC_RUNS=${process.env.FC_RUNS}` : ''}):\n${text}`, {
      cause: error,
    });
  }
}

// ---------------------------------------------------------------- values

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff', '\ud800', '\udfff', '\r\n', '\t'];
/** Characters that break things: NUL and other controls, lone surrogates, bidi overrides, SQL and LIKE syntax. */
export const nasty = fc.constantFrom(...CONTROL, "'", '"', '\\', '%', '_', ';--', '${x}', '{{label}}', '<script>', '𝕏', '　');

/** A string with hostile characters somewhere in it. */
export const hostileText = fc
  .tuple(fc.string({ maxLength: 8 }), nasty, fc.string({ maxLength: 8, unit: 'binary' }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Longer than any declared maximum, up to well under the body limit. */
export const hugeText = fc.constantFrom(256, 1001, 1025, 65_537, 262_145, 400_000).map((length) => 'x'.repeat(length));

export const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1.5, -0.01, 1e12, 999_999_999_999.99, 1e13, 1e20, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Moments the database cannot hold, days that do not exist, strings that are no moment. */
export const hostileMoment = fc.oneof(
  fc.constantFrom(
    '-271821-04-20T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '275760-09-13T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-12:00',
    '9999-12-31T23:59:59Z',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:60Z',
    '2026-01-01T00:00:00+25:00',
    '2026-01-01',
    '0000-12-31',
    'yesterday',
    'Tue Mar 1 2026',
    '1e20',
    '',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);

/** Ids as nothing but a positive safe integer in JSON may be; none names an existing record. */
export const hostileId = fc.oneof(
  fc.constantFrom<unknown>(true, false, [16], '0x10', '16', -1, 0, 1.5, 1e20, 2 ** 53, null, {}, '', 'NaN'),
  fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }),
);
/** Ids in a query string that are not plain digits, or name nothing. */
export const hostileIdParam = fc.oneof(
  fc.constantFrom('0x10', '+1', '01', '1e1', '1.0', ' 1', '-1', '0', '99999999999999999', '9007199254740993', 'true', '', '[16]', '１'),
  hostileText,
  fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
);

/** Any JSON value of the wrong kind. */
export const wrongType = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A hostile JSON value for one declared field: wrong types, and what is hostile to its kind. */
export function hostileFieldValue(field: FieldDecl): fc.Arbitrary<unknown> {
  const common = [wrongType, hostileText, hugeText];
  switch (field.column) {
    case 'bigint':
    case 'double precision':
    case 'numeric(14,2)':
      if (field.widget === 'quota')
        return fc.oneof(...common, fc.record({ limited: fc.oneof(fc.boolean(), wrongType), amount: fc.oneof(hostileNumber, wrongType) }, { requiredKeys: [] }));
      if (field.reference) return fc.oneof(...common, hostileId);
      return fc.oneof(
        ...common,
        hostileNumber,
        fc.constantFrom((field.min ?? 0) - 1, (field.max ?? 0) + 1, field.min ?? 0, field.max ?? 0, (field.max ?? 0) + 0.001),
      );
    case 'timestamptz':
      return fc.oneof(...common, hostileMoment);
    case 'boolean':
      return fc.oneof(...common, fc.constantFrom('true', 1, 0));
    case 'text[]':
      return fc.oneof(
        ...common,
        fc.array(fc.oneof(hostileText, hugeText, wrongType), { maxLength: 4 }),
        fc.constantFrom((field.max ?? 50) + 1, 200).map((count) => Array.from({ length: count }, (_, index) => `t${index}`)),
        fc.constant([]),
      );
    default: {
      const options = (field.options ?? []).map((option) => option.value);
      return fc.oneof(
        ...common,
        fc.constantFrom('', ' ', '{', 'a=b\na=c', '=x', 'not json', ...options.map((value) => ` ${value}`), ...options.map((value) => value.toUpperCase())),
        fc.constantFrom(field.max ?? 255).map((max) => 'y'.repeat(max + 1)),
      );
    }
  }
}

/** Keys no schema declares, some of them hostile themselves. */
export const strangeKey = fc.oneof(fc.constantFrom('constructor', 'toString', 'hasOwnProperty', 'tenantId', 'id', 'createdBy', ''), hostileText);

/** A JSON body that is no object at all (raw text, with content-type application/json). */
export const nonObjectBody = fc.constantFrom('"abc"', '[1]', '[]', 'null', '42', 'true', '""', '"\\u0000"', '[{"ids":[1]}]', '1e400');

// ---------------------------------------------------------------- query strings

const NUMBERISH = [
  'abc',
  '1e20',
  '1e400',
  '1.5',
  '-1',
  '0',
  '0x10',
  '',
  ' 1',
  '9007199254740993',
  '1000',
  '1001',
  '-2',
  'Infinity',
  'NaN',
  '-0',
  '1e12',
  '.5',
  '5.',
];

/** A query-string value: hostile text, number-like and moment-like strings, now and then a repeated parameter. */
export const hostileParam = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.constantFrom(...NUMBERISH),
      hostileText,
      hostileMoment,
      fc.string({ maxLength: 12 }),
      hugeText.map((text) => text.slice(0, 1200)),
    ),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...NUMBERISH), hostileText), { minLength: 2, maxLength: 3 }) },
);

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Keyset cursors: well formed and not, for the entity's own sort. */
export const hostileCursor = fc.oneof(
  fc.tuple(fc.oneof(hostileMoment, hostileNumber, wrongType), fc.oneof(hostileId, fc.integer({ min: 1, max: 1000 }))).map(cursorOf),
  fc.jsonValue({ maxDepth: 2 }).map(cursorOf),
  fc.tuple(hostileMoment, fc.integer({ min: 1, max: 1000 }), fc.integer()).map(cursorOf),
  fc.oneof(hostileText, fc.string({ maxLength: 20 }), fc.constantFrom('a b', '!!!', '====', 'W10', 'bnVsbA')),
);

/** Sorts: valid ones of the entity's sortable fields, and everything near them. */
export function hostileSort(entity: AnyEntity): fc.Arbitrary<string> {
  const sortable = ['id', 'createdTime', 'updatedTime', ...fieldEntries(entity).flatMap(([name, field]) => (field.list && field.list.sortable ? [name] : []))];
  const any = [...sortable, ...fieldEntries(entity).map(([name]) => name), 'constructor', '__proto__', 'tenant_id', 'id desc'];
  return fc.oneof(
    fc.tuple(fc.constantFrom(...sortable), fc.constantFrom('asc', 'desc')).map(([field, order]) => `${field},${order}`),
    fc
      .tuple(fc.constantFrom(...any), fc.constantFrom('asc', 'desc', 'ASC', '', 'up', 'asc;', 'desc,'), fc.constantFrom('', ';', ';id,asc', ',', ' ', '\u0000'))
      .map(([field, order, tail]) => `${field},${order}${tail}`),
    fc.constantFrom('id;,asc', ',asc', 'id', ';', ',', ''),
    hostileText,
  );
}

/** The query string of a list or export: declared filters, paging, sort, cursor and language, each maybe hostile. */
export function hostileListQuery(entity: AnyEntity, params: string[]): fc.Arbitrary<Record<string, string | string[]>> {
  const valueOf = (name: string): fc.Arbitrary<string | string[]> =>
    name === 'sort'
      ? hostileSort(entity)
      : name === 'cursor'
        ? hostileCursor
        : name === 'lang'
          ? fc.constantFrom('zh_CN', 'en_US', 'fr', '', 'zh_CN\u0000')
          : hostileParam;
  return fc
    .tuple(
      fc.subarray(params, { maxLength: 4 }).chain((names) => fc.tuple(...names.map((name) => valueOf(name).map((value) => [name, value] as const)))),
      fc.array(fc.tuple(strangeKey, fc.string({ maxLength: 6 })), { maxLength: 1 }),
    )
    .map(([declared, strange]) => Object.fromEntries([...strange, ...declared]));
}

// ---------------------------------------------------------------- calls and checks

export interface Answer {
  status: number;
  body: any;
  text: string;
  contentType: string;
}

/** One call through app.inject: a JSON body (or raw JSON text), a query string with repeated parameters. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  { token, query, body, raw }: { token?: string; query?: Record<string, string | string[]>; body?: unknown; raw?: string } = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    query,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(raw !== undefined || body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(raw !== undefined ? { payload: raw } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  const contentType = String(response.headers['content-type'] ?? '');
  let parsed: unknown = undefined;
  if (contentType.includes('json')) parsed = response.json();
  return { status: response.statusCode, body: parsed, text: response.body, contentType };
}

/** The validation library's own English: never in a message the server sends. */
const LIBRARY_ENGLISH = /Invalid input|Invalid option|Invalid string|Invalid type|expected|received|Too (big|small)|Unrecognized|must match pattern/i;
const RAW_KEY = /^[A-Za-z]+:[A-Za-z0-9_.]+$/;
const ALLOWED = new Set([200, 400, 403, 404, 409, 413, 429]);

/** What every answer must be: a known status below 500 and, unless a success, a message in both languages. */
export function expectSound(answer: Answer, context: string): void {
  const where = `${context}\n→ ${answer.status} ${answer.text.slice(0, 400)}`;
  expect(ALLOWED.has(answer.status), where).toBe(true);
  if (answer.status === 200) return;
  expect(answer.contentType, where).toContain('application/json');
  const { code, message, data } = answer.body ?? {};
  // -1, or 401 where the session has ended (spec §8).
  expect(code === -1 || (answer.status === 403 && code === 401), where).toBe(true);
  for (const language of ['zh_CN', 'en_US'] as const) {
    expect(typeof message?.[language] === 'string' && message[language].trim() !== '', where).toBe(true);
    expect(RAW_KEY.test(message[language]), where).toBe(false);
  }
  expect(LIBRARY_ENGLISH.test(message.zh_CN.replace(/\{\{[^}]*\}\}/g, '')), where).toBe(false);
  if (answer.status === 400) {
    expect(message.zh_CN, where).not.toBe(message.en_US);
    // Only a body that is no JSON at all has no field to name.
    if (message.en_US !== 'Malformed request') expect(typeof data?.field, where).toBe('string');
  }
}

/** What a table holds, coarsely but enough to see a write: rows, the latest change, the largest id. */
export async function snapshotOf(db: Db, table: string): Promise<string> {
  const { rows } = await sql<
    Record<string, unknown>
  >`select count(*)::int as rows, max(updated_time) as latest, max(id) as last from ${sql.table(table)}`.execute(db);
  return JSON.stringify(rows[0]);
}

/** Data rows of a CSV text (quoted cells may hold newlines); -1 when it is cut off inside a quote or a line. */
export function csvRows(text: string): number {
  let quoted = false;
  let lines = 0;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) lines += 1;
  }
  return quoted || !text.endsWith('\n') ? -1 : lines - 1;
}
