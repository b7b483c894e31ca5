import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueText } from './issue-text';

/**
 * A shared zod rule as an antd form rule, for the forms antd's Form holds (the account dialogs, the
 * password fields): antd validates through rules, not resolvers, and its message is the one the
 * generated forms' resolver gives (issue-text.ts).
 */
export const zodRule = (schema: z.ZodType, t: TFunction): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = await schema.safeParseAsync(value ?? '');
    if (!result.success) throw new Error(issueText(schema, result.error.issues[0]!, t));
  },
});
