import { z } from 'zod';
import { REQUIRED } from '../fields';
import { MONEY_LIMIT, withinDates } from './bounds';
import type { ColumnType, CountDecl, EnumOption, FieldDecl, FilterKind, FilterSource, ListView, Widget } from './types';

/** What every field builder accepts; anything left out takes the kind's default. */
export interface FieldOptions {
  required?: boolean;
  list?: ListView | false;
  filter?: FilterKind | false;
  show?: boolean;
  edit?: 'always' | 'create' | false;
  index?: FieldDecl['index'];
  example?: FieldDecl['example'];
  help?: FieldDecl['help'];
  audited?: FieldDecl['audited'];
}

type Base<O extends z.ZodType, C extends ColumnType, I extends z.ZodType> = Omit<
  FieldDecl,
  'label' | 'list' | 'filter' | 'show' | 'edit' | 'input' | 'output' | 'column'
> &
  Partial<Omit<FieldDecl, 'input' | 'output' | 'column'>> & { input: I; output: O; column: C };
/** A field as declared: its column, input and output keep their exact types, so records and payloads type themselves. */
export type TypedField<O extends z.ZodType, C extends ColumnType, I extends z.ZodType = z.ZodType> = FieldDecl<I, O> & { column: C };

const missingOr = (key: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : key);

function field<O extends z.ZodType, C extends ColumnType, I extends z.ZodType>(label: string, base: Base<O, C, I>, options: FieldOptions): TypedField<O, C, I> {
  const { required: _required, ...view } = options;
  return { list: {}, filter: false, show: true, edit: 'always', ...base, ...view, label, input: base.input.meta({ label }) };
}

/** Accepted when creating, never stored: a value a server hook consumes (a new space's administrator). */
export const transient = <F extends FieldDecl>(decl: F): Omit<F, 'column'> & { column: 'none' } => ({
  ...decl,
  column: 'none',
  list: false,
  show: false,
  filter: false,
  edit: 'create',
});

/** Required inputs must be present; optional ones accept absent, null and '' alike. */
const optionally = <T extends z.ZodType, E>(schema: T, required: boolean, empty: E) =>
  required ? schema : schema.nullish().transform((value): NonNullable<z.output<T>> | E => value ?? empty);

export function text(label: string, options: FieldOptions & { max?: number; pattern?: [RegExp, string] } = {}) {
  const { max = 255, pattern, required = true } = options;
  let rule = z
    .string({ error: missingOr('validation:invalidType') })
    .trim()
    .max(max, 'validation:maxLength');
  if (required) rule = rule.min(1, REQUIRED);
  if (pattern) rule = rule.refine((value) => value === '' || pattern[0].test(value), pattern[1]);
  return field(
    label,
    { input: optionally(rule, required, ''), output: z.string(), column: 'text', widget: 'text', required },
    { filter: 'contains', ...options },
  );
}

export const textarea = (label: string, options: FieldOptions & { max?: number } = {}) => ({
  ...text(label, { max: 500, required: false, list: { ellipsis: true }, filter: false, ...options }),
  widget: 'textarea' as const,
});

function numeric<C extends ColumnType>(widget: Widget, column: C, integer: boolean) {
  return (label: string, options: FieldOptions & { min?: number; max?: number; precision?: number } = {}) => {
    // Never beyond what the column holds: numeric(14,2) stops below 10^12, bigint and double at safe integers.
    const limit = column === 'numeric(14,2)' ? MONEY_LIMIT : Number.MAX_SAFE_INTEGER;
    const { required = false } = options;
    const min = Math.max(options.min ?? 0, -limit);
    const max = Math.min(options.max ?? limit, limit);
    let rule = z
      .number({ error: missingOr('validation:invalidType') })
      .min(min, 'validation:min')
      .max(max, 'validation:max');
    if (integer) rule = rule.int('validation:integer');
    return field(
      label,
      {
        input: optionally(rule, required, null),
        output: z.number().nullable(),
        column,
        widget,
        required,
        min,
        max,
        precision: integer ? 0 : (options.precision ?? 2),
      },
      { filter: 'range', list: { sortable: true }, ...options },
    );
  };
}

/** Integers; `bytes` and `duration` (seconds) are integers shown their own way (spec §9). */
export const integer = numeric('number', 'bigint', true);
export const bytes = numeric('bytes', 'bigint', true);
export const duration = numeric('duration', 'bigint', true);
/** Decimals, shown with thousands separators and 2 digits (spec §9). */
export const decimal = numeric('number', 'double precision', false);
/** Amounts of money in yuan (spec §9: ¥). */
export const money = numeric('money', 'numeric(14,2)', false);

/** A tally nobody types in: the database counts the records of another entity that point here (spec §3 dataset counts). */
export const countOf = (label: string, counts: CountDecl, options: FieldOptions = {}) => ({
  ...integer(label, { edit: false, filter: false, list: { sortable: true, width: 110 }, ...options }),
  initial: 0,
  counts,
});

export const rating = (label: string, options: FieldOptions & { max?: number } = {}) => ({
  ...integer(label, { min: 1, max: options.max ?? 5, required: true, ...options }),
  widget: 'rating' as const,
});

export const bool = (label: string, options: FieldOptions = {}) =>
  field(
    label,
    {
      input: optionally(z.boolean({ error: missingOr('validation:invalidType') }), options.required ?? false, false),
      output: z.boolean(),
      column: 'boolean',
      widget: 'boolean',
      required: options.required ?? false,
    },
    { filter: 'equals', ...options },
  );

/** A moment, as ISO 8601 with an offset; lists filter it by range. */
export const datetime = (label: string, options: FieldOptions = {}) => {
  const required = options.required ?? false;
  return field(
    label,
    {
      input: optionally(
        z.iso.datetime({ offset: true, error: missingOr('validation:datetime') }).refine((value) => withinDates(Date.parse(value)), 'validation:datetime'),
        required,
        null,
      ),
      output: z.string().nullable(),
      column: 'timestamptz',
      widget: 'datetime',
      required,
    },
    { filter: 'range', list: { sortable: true, width: 180 }, ...options },
  );
};

/** One of a fixed set; a state field (`initial`, not edited) starts at its initial value. */
export function enumOf(label: string, options: readonly EnumOption[], extra: FieldOptions & { initial?: string } = {}) {
  const { initial, ...rest } = extra;
  const required = extra.required ?? true;
  const values = options.map((option) => option.value) as [string, ...string[]];
  const rule = z.enum(values, { error: missingOr('validation:oneOf') });
  // An untouched optional select submits '' — it means "not set", not a wrong value.
  const input = required ? rule : z.union([z.literal(''), rule], { error: missingOr('validation:oneOf') });
  return field(
    label,
    {
      input: optionally(input, required, ''),
      output: z.string(),
      column: 'text',
      widget: 'enum',
      required,
      options,
      ...(initial ? { initial, edit: false as const } : {}),
    },
    { filter: 'oneOf', list: { width: 120 }, ...rest },
  );
}

/**
 * A set of short labels; lists find records carrying all the tags asked for. `min`/`max` bound how
 * many (spec §5: a team's managers and members are required; collectors 1 to 100).
 */
export const tags = (label: string, options: FieldOptions & { min?: number; max?: number } = {}) => {
  const { required = false, min = required ? 1 : 0, max = 50 } = options;
  let rule = z
    .array(z.string().trim().min(1, REQUIRED).max(64, 'validation:maxLength'), { error: missingOr('validation:invalidType') })
    .max(max, 'validation:maxItems');
  if (min > 0) rule = rule.min(min, min === 1 ? REQUIRED : 'validation:minItems');
  return field(
    label,
    { input: optionally(rule, required, []), output: z.array(z.string()), column: 'text[]', widget: 'tags', required, min, max, index: 'gin' },
    { filter: 'tagContains', ...options },
  );
};

/** The id of a record of another entity (in the same space). */
export const reference = (label: string, entity: string, options: FieldOptions & Pick<FieldDecl, 'offers' | 'within'> = {}) => {
  const required = options.required ?? false;
  const rule = z
    .number({ error: missingOr('validation:invalidType') })
    .int('validation:invalidType')
    .positive('validation:invalidType');
  return field(
    label,
    { input: optionally(rule, required, null), output: z.number().nullable(), column: 'bigint', widget: 'reference', reference: entity, required },
    { filter: 'equals', ...options },
  );
};

const isJson = (value: string) => {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/** A JSON document kept as text, edited in Monaco (spec §5: must be valid JSON). */
export const json = (label: string, options: FieldOptions & { max?: number } = {}) => {
  const required = options.required ?? false;
  let rule = z.string({ error: missingOr('validation:invalidType') }).max(options.max ?? 65536, 'validation:maxLength');
  if (required) rule = rule.min(1, REQUIRED);
  return field(
    label,
    {
      input: optionally(
        rule.refine((value) => value.trim() === '' || isJson(value), 'validation:json'),
        required,
        '',
      ),
      output: z.string(),
      column: 'text',
      widget: 'json',
      language: 'json',
      required,
    },
    { list: false, ...options },
  );
};

/** Text a database column holds: no NUL (a JSON text may spell one as an escape). */
const storable = (text: string) => !text.includes('\u0000');

/** A filter's text: a JSON object whose every value is a string or a list of strings (a list's query keys and their values). */
const isFilter = (value: string) => {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    return Object.entries(parsed).every(
      ([key, item]) =>
        storable(key) && (typeof item === 'string' ? storable(item) : Array.isArray(item) && item.every((part) => typeof part === 'string' && storable(part))),
    );
  } catch {
    return false;
  }
};

/**
 * A saved filter of another entity's list (an evaluation's items among the structured data): the
 * list's query keys and values as JSON text ('' or {}: everything). Which keys the list takes is the
 * server's to check; its form edits it with the list's own filters and counts the matches, which must
 * number `min` to `max`.
 */
export const listFilter = (label: string, options: FieldOptions & { of: readonly FilterSource[]; min?: number; max?: number }) => {
  const { of, min, max, ...view } = options;
  const rule = z
    .string({ error: missingOr('validation:invalidType') })
    .max(4096, 'validation:maxLength')
    .refine((value) => value.trim() === '' || isFilter(value), 'validation:listFilter');
  return field(
    label,
    { input: optionally(rule, false, ''), output: z.string(), column: 'text', widget: 'listFilter', required: false, filterOf: of, min, max },
    { list: false, example: () => '{}', ...view },
  );
};

/** Source code kept as text, edited and shown in Monaco with its language's highlighting. */
export const code = (label: string, options: FieldOptions & { language?: string; max?: number } = {}) => {
  const required = options.required ?? false;
  let rule = z.string({ error: missingOr('validation:invalidType') }).max(options.max ?? 262144, 'validation:maxLength');
  if (required) rule = rule.min(1, REQUIRED);
  return field(
    label,
    { input: optionally(rule, required, ''), output: z.string(), column: 'text', widget: 'code', language: options.language ?? 'python', required },
    { list: false, ...options },
  );
};

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** Spec §5: environment variables as key=value lines, no key twice. */
export const keyValueLines = (label: string, options: FieldOptions = {}) => {
  const rule = z.string({ error: missingOr('validation:invalidType') }).superRefine((value, context) => {
    const seen = new Set<string>();
    for (const line of value
      .split('\n')
      .map((item) => item.trim())
      .filter(Boolean)) {
      const key = line.slice(0, line.indexOf('='));
      if (!line.includes('=') || !KEY.test(key)) return context.addIssue({ code: 'custom', message: 'validation:keyValue', params: { line } });
      if (seen.has(key)) return context.addIssue({ code: 'custom', message: 'validation:duplicateKey', params: { key } });
      seen.add(key);
    }
  });
  return field(
    label,
    { input: optionally(rule, false, ''), output: z.string(), column: 'text', widget: 'keyValue', required: false },
    { list: false, ...options },
  );
};

/** Spec §3 tenant quotas: limited to a whole number ≥ 0 of bytes, or unlimited (stored as null). */
export const quotaSchema = z
  .object({
    limited: z.boolean({ error: REQUIRED }),
    amount: z.number({ error: 'tenant:rules.quota' }).int('tenant:rules.quota').min(0, 'tenant:rules.quota').nullable().default(null),
  })
  .refine((value) => !value.limited || value.amount !== null, { message: 'tenant:rules.quota', path: ['amount'] });

export const quota = (label: string, options: FieldOptions = {}) =>
  field(
    label,
    {
      input: quotaSchema.default({ limited: false, amount: null }),
      output: quotaSchema,
      column: 'bigint',
      widget: 'quota',
      required: false,
      toDb: (value) => {
        const { limited, amount } = value as z.infer<typeof quotaSchema>;
        return limited ? amount : null;
      },
      fromDb: (value) => (value === null || value === undefined ? { limited: false, amount: null } : { limited: true, amount: Number(value) }),
    },
    { list: { width: 160 }, ...options },
  );
