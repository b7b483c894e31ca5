import { z } from 'zod';
import { isRole } from '../access/roles';
import { REQUIRED, entityId, entityIdParam, optionalEmail, optionalText, requiredText } from './fields';
import { cipherText, nonceId } from './password';
import { pageQuery } from './envelope';

/** Account codes sign in (spec §7 login `code`), so they stay plain: letters, digits, `_ . - @`. */
export const accountCode = (label = 'account:fields.code') =>
  requiredText(label, 64)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'account:rules.code')
    .meta({ label });
export const accountName = (label = 'account:fields.name') => requiredText(label, 64);

/** A comma-separated list of distinct role codes of spec §6. */
export const roleList = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine((list) => {
    const codes = list.split(',').map((code) => code.trim());
    return codes.every(isRole) && new Set(codes).size === codes.length;
  }, 'account:rules.role')
  .transform((list) =>
    list
      .split(',')
      .map((code) => code.trim())
      .join(','),
  )
  .meta({ label: 'account:fields.role' });

export const accountRecord = z.object({
  id: z.number(),
  tenantId: z.number(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  description: z.string(),
  /** Set after a reset or an admin-chosen password: the console asks the owner to choose a new one. */
  mustChangePassword: z.boolean(),
  creator: z.string(),
  modifier: z.string(),
  createdTime: z.string(),
  updatedTime: z.string(),
});

/**
 * Spec §7 create-account. `cipherPassword` (AES of the clear password under the same nonce key) is
 * our addition: with it the server can hold the password to the §5 rules; without it the account
 * must choose a new password at first sign-in.
 */
export const createAccountPayload = z.object({
  role: roleList,
  accountCode: accountCode(),
  accountName: accountName(),
  cipherDigest: cipherText('account:fields.password'),
  cipherPassword: cipherText('account:fields.password').optional(),
  nonceId,
  description: optionalText('account:fields.description', 500),
});

export const accountQuery = pageQuery.extend({
  code: z.string().trim().max(64).optional().meta({ label: 'account:fields.code' }),
  name: z.string().trim().max(64).optional().meta({ label: 'account:fields.name' }),
});

export const accountIdQuery = z.object({ id: entityIdParam('account:fields.id') });
export const resetPasswordPayload = z.object({ accountId: entityId('account:fields.id') });
export const resetPasswordResult = z.object({ accountId: z.number(), password: z.string() });

export const selfBasicInfoPayload = z.object({
  name: accountName(),
  email: optionalEmail('account:fields.email'),
  description: optionalText('account:fields.description', 500),
});

/** modify-self-pwd: old and new as cipherDigests under one nonce, plus the new password so §5 can be checked. */
export const selfPasswordPayload = z.object({
  nonceId,
  oldCipherDigest: cipherText('password:fields.old'),
  newCipherDigest: cipherText('password:fields.new'),
  newCipherPassword: cipherText('password:fields.new'),
});

export const roleOption = z.object({ code: z.string(), name: z.object({ zh_CN: z.string(), en_US: z.string() }) });

export type AccountRecord = z.infer<typeof accountRecord>;
