import type { TFunction } from 'i18next';
import { z } from 'zod';
import { issueText } from './issue-text';

/**
 * `schema` with its failures said in the reader's language, for zodResolver: react-hook-form keeps
 * only an issue's path and message, while the shared rules' messages are keys whose parameters
 * (label, bounds) are in the issue, so each is put in words here first. An issue with the whole
 * payload, not a field, is the form's `root` error.
 */
export const translatedSchema = <Output, Input>(schema: z.ZodType<Output, Input>, t: TFunction) =>
  z.custom<Input>().transform(async (value, context): Promise<Output> => {
    const result = await schema.safeParseAsync(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      context.addIssue({ code: 'custom', path: issue.path.length ? issue.path : ['root'], message: issueText(schema, issue, t) });
    return z.NEVER;
  });
