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
  minimum?: unknown;
  maximum?: unknown;
  /** A custom rule's own parameters (the key a key=value line repeats, ...). */
  params?: Record<string, unknown>;
}

type Walkable = z.ZodType & {
  shape?: Record<string, z.ZodType>;
  unwrap?: () => z.ZodType;
  in?: z.ZodType;
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
      node = node.shape[String(key)] as Walkable | undefined;
      path = path.slice(1);
      label = undefined;
    } else if (node.unwrap) node = node.unwrap() as Walkable;
    else if (node.in) node = node.in as Walkable;
    else break;
  }
  return path.length === 0 ? label : undefined;
}

export function describeIssue(schema: z.ZodType, issue: IssueLike): IssueText {
  return {
    field: issue.path.map(String).join('.'),
    key: issue.message.includes(':') ? issue.message : 'validation:invalid',
    params: { ...issue.params, label: labelAt(schema, issue.path) ?? issue.path.map(String).join('.'), min: issue.minimum, max: issue.maximum },
  };
}
