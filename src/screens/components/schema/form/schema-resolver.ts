import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { describeIssue } from '../../../../../model/schemas/issues';

/** Puts an error at a dotted path (`rawDataStorageQuota.amount`) the way react-hook-form nests them. */
function place(errors: Record<string, unknown>, path: string, error: unknown) {
  const keys = path.split('.');
  let node = errors;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] ??= error;
}

/**
 * react-hook-form's resolver over the shared zod rules: the same rules and the same §5 messages as
 * the server, translated here (rules carry message keys, not texts).
 */
export const schemaResolver =
  <T extends FieldValues>(schema: z.ZodType, t: TFunction): Resolver<T> =>
  async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const { field, key, params } = describeIssue(schema, issue as never);
      place(errors, field || 'root', { type: issue.code, message: t(key, { ...params, label: params.label ? t(params.label) : '' }) });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
