import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { describeIssue } from '../../../../../model/schemas/issues';

/**
 * What a failed shared rule says, in the reader's language: the rules carry message keys and the
 * issue their parameters (the field's label, a bound), so the form says exactly what the server would.
 */
export function issueText(schema: z.ZodType, issue: z.core.$ZodIssue, t: TFunction): string {
  const { key, params } = describeIssue(schema, issue);
  return t(key, { ...params, label: params.label ? t(params.label) : '' });
}
