import { z } from 'zod';
import { isRole } from '../access/roles';
import { defineEntity, recordSchema, type EntityRecord } from './engine/entity';
import { bool, text, textarea } from './engine/fields';
import { REQUIRED, entityId, entityIdParam, optionalEmail } from './fields';
import { cipherText, nonceId } from './password';
import { pageQuery } from './envelope';

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

/**
 * Spec §3 Account: a member of a space. Its calls are spec §7's own (server/modules/accounts), so no
 * list serves it through the generic API; the declaration gives it its table, its record, its rules
 * and its audit trail. Code and name are unique within the space (spec §5).
 */
export const account = defineEntity({
  name: 'account',
  table: 'accounts',
  label: 'account:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'id', order: 'asc' },
  unique: [['code'], ['name']],
  fields: {
    // Codes sign in (spec §7 login `code`), so they stay plain.
    code: text('account:fields.code', {
      max: 64,
      pattern: [/^[A-Za-z0-9_.@-]+$/, 'account:rules.code'],
      edit: 'create',
      example: (n) => `member-${n}`,
      list: { copyable: true, width: 160 },
    }),
    name: text('account:fields.name', { max: 64, list: { width: 160 } }),
    role: { ...text('account:fields.role', { filter: false, example: () => 'rd', list: { width: 220 } }), input: roleList, widget: 'roles' as const },
    email: { ...text('account:fields.email', { required: false, filter: false, list: { width: 200 } }), input: optionalEmail('account:fields.email') },
    description: textarea('account:fields.description', { list: { ellipsis: true, width: 240 } }),
    // scrypt of the password's SHA-256 digest (server/auth/password-hash.ts); never leaves the server (records read it as '').
    passwordHash: { ...text('account:fields.passwordHash', { required: false, edit: false, list: false, show: false, filter: false }), fromDb: () => '' },
    /** Set after a reset or an admin-chosen password: the console asks the owner to choose a new one. */
    mustChangePassword: bool('account:fields.mustChangePassword', { edit: false, list: false, filter: false }),
  },
});

/** An account as spec §7 returns it: its creator and modifier by those names, its password hash left out. */
export type AccountRecord = Omit<EntityRecord<typeof account>, 'createdBy' | 'updatedBy' | 'passwordHash' | 'titles' | 'links'> & {
  tenantId: number;
  creator: string;
  modifier: string;
};
export const accountRecord = (recordSchema(account) as unknown as z.ZodObject)
  .omit({ createdBy: true, updatedBy: true, passwordHash: true, titles: true, links: true })
  .extend({ creator: z.string(), modifier: z.string() }) as unknown as z.ZodType<AccountRecord>;

/**
 * Spec §7 create-account. `cipherPassword` (AES of the clear password under the same nonce key) is
 * our addition: with it the server can hold the password to the §5 rules; without it the account
 * must choose a new password at first sign-in.
 */
export const createAccountPayload = z.object({
  role: account.fields.role.input,
  accountCode: account.fields.code.input,
  accountName: account.fields.name.input,
  cipherDigest: cipherText('account:fields.password'),
  cipherPassword: cipherText('account:fields.password').optional(),
  nonceId,
  description: account.fields.description.input,
});

export const accountQuery = pageQuery.extend({
  code: z.string().trim().max(64).optional().meta({ label: 'account:fields.code' }),
  name: z.string().trim().max(64).optional().meta({ label: 'account:fields.name' }),
});

export const accountIdQuery = z.object({ id: entityIdParam('account:fields.id') });
export const resetPasswordPayload = z.object({ accountId: entityId('account:fields.id') });
export const resetPasswordResult = z.object({ accountId: z.number(), password: z.string() });

export const selfBasicInfoPayload = z.object({
  name: account.fields.name.input,
  email: account.fields.email.input,
  description: account.fields.description.input,
});

/** modify-self-pwd: old and new as cipherDigests under one nonce, plus the new password so §5 can be checked. */
export const selfPasswordPayload = z.object({
  nonceId,
  oldCipherDigest: cipherText('password:fields.old'),
  newCipherDigest: cipherText('password:fields.new'),
  newCipherPassword: cipherText('password:fields.new'),
});

export const roleOption = z.object({ code: z.string(), name: z.object({ zh_CN: z.string(), en_US: z.string() }) });
