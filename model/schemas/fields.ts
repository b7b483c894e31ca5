import { z } from 'zod';
import { ID_DIGITS } from './limits';

export { ID_DIGITS };

/**
 * Field helpers shared by the server and the console. Messages are i18n keys (`namespace:key`),
 * never texts, so each side renders them in its own language; `label` names the field in messages.
 */
export interface FieldMeta {
  /** i18n key of the field's label, used in "请输入{{label}}" and friends. */
  label: string;
}

export const REQUIRED = 'validation:required';
const missingOrWrongType = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : 'validation:invalidType');

/** A required, trimmed string of at most `max` characters. */
export const requiredText = (label: string, max = 255) =>
  z.string({ error: missingOrWrongType }).trim().min(1, REQUIRED).max(max, 'validation:maxLength').meta({ label });

/** An optional string (absent, null or empty all mean "none") of at most `max` characters. */
export const optionalText = (label: string, max = 500) =>
  z
    .string({ error: 'validation:invalidType' })
    .trim()
    .max(max, 'validation:maxLength')
    .nullish()
    .transform((value) => value ?? '')
    .meta({ label });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An optional e-mail address; spec §5: "邮箱格式错误！" when malformed. */
export const optionalEmail = (label: string) =>
  z
    .string({ error: 'validation:invalidType' })
    .trim()
    .max(128, 'validation:maxLength')
    .refine((value) => value === '' || EMAIL.test(value), 'validation:email')
    .nullish()
    .transform((value) => value ?? '')
    .meta({ label });

/** A record's id in a JSON payload: a JSON number, a positive safe integer; never `true`, `[16]` or `"16"`. */
export const entityId = (label: string) =>
  z.number({ error: missingOrWrongType }).int('validation:invalidType').positive('validation:invalidType').meta({ label });

/** An id in a query string (ID_DIGITS), as a number. */
export const entityIdParam = (label: string) =>
  z
    .string({ error: missingOrWrongType })
    .regex(ID_DIGITS, 'validation:invalidType')
    .transform(Number)
    .refine(Number.isSafeInteger, 'validation:invalidType')
    .meta({ label });
