import type { z } from 'zod';
import type { FieldMeta } from './fields';

/** What a validation failure says, independent of language: the field, a message key and its parameters. */
export interface IssueText {
  field: string;
  key: string;
  params: { label?: string; min?: unknown; max?: unknown; [name: string]: unknown };
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  /** zod's issue code (invalid_type, too_big, ...): what a message that is not a key falls back on. */
  code?: string;
  /** What a size issue measured: string, number, array, ... */
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  /** A custom rule's own parameters (the key a key=value line repeats, ...). */
  params?: Record<string, unknown>;
}

type Walkable = z.ZodType & {
  shape?: Record<string, z.ZodType>;
  unwrap?: () => z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
};
const labelOf = (node: z.ZodType) => (node.meta() as Partial<FieldMeta> | undefined)?.label;

/** Finds the label of the field at `path`, looking through optional/nullable/pipe wrappers. */
export function labelAt(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let node: Walkable | undefined = schema as Walkable;
  let label: string | undefined;
  for (let depth = 0; node && depth < 32; depth += 1) {
    label = labelOf(node) ?? label;
    const key = path[0];
    if (node.shape && key !== undefined) {
      // Only the object's own fields: a key such as `constructor` names nothing.
      node = Object.hasOwn(node.shape, String(key)) ? (node.shape[String(key)] as Walkable) : undefined;
      path = path.slice(1);
      label = undefined;
    } else if (node.element) {
      // A list is named by its label; an item of it by its own label, else by the list's.
      if (key === undefined || !/^\d+$/.test(String(key))) break;
      node = node.element as Walkable;
      path = path.slice(1);
    } else if (node.unwrap) node = node.unwrap() as Walkable;
    else if (node.in) node = node.in as Walkable;
    else break;
  }
  return path.length === 0 ? label : undefined;
}

/** What a message key looks like (`namespace:key.path`); zod's own texts ("Invalid input: expected …") do not. */
export const looksLikeKey = (message: string) => /^[A-Za-z]+:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(message);

/** The label of the whole request, where the issue is with the payload itself (`"abc"` for an object). */
export const REQUEST_LABEL = 'validation:requestBody';

/** A message of our own for an issue whose message is none of our keys (the validation library's own English). */
function fallbackKey({ code, origin }: IssueLike): string {
  const sized = code === 'too_big' ? 'max' : code === 'too_small' ? 'min' : undefined;
  if (code === 'invalid_type') return 'validation:invalidType';
  if (sized && origin === 'string') return sized === 'max' ? 'validation:maxLength' : 'validation:minLength';
  if (sized && (origin === 'array' || origin === 'set')) return sized === 'max' ? 'validation:maxItems' : 'validation:minItems';
  if (sized && (origin === 'number' || origin === 'int' || origin === 'bigint')) return `validation:${sized}`;
  return 'validation:invalid';
}

/**
 * The field, key and parameters of an issue. Only a message that is one of our catalogue's keys is
 * sent as a key (`known`: the server checks its catalogue); anything else gets a generic message of
 * our own naming the field, so no text ever comes back in the validation library's English.
 */
export function describeIssue(schema: z.ZodType, issue: IssueLike, known: (key: string) => boolean = looksLikeKey): IssueText {
  const field = issue.path.map(String).join('.');
  return {
    field,
    key: looksLikeKey(issue.message) && known(issue.message) ? issue.message : fallbackKey(issue),
    params: { ...issue.params, label: labelAt(schema, issue.path) ?? (field || REQUEST_LABEL), min: issue.minimum, max: issue.maximum },
  };
}
