import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { describeIssue } from '../../../../../model/schemas/issues';

/** An antd form rule that applies a shared zod rule, so the form says exactly what the server would. */
export const zodRule = (schema: z.ZodType, t: TFunction): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (result.success) return;
    const { key, params } = describeIssue(schema, result.error.issues[0]!);
    throw new Error(t(key, { ...params, label: params.label ? t(params.label) : '' }));
  },
});
