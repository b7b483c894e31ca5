import { z } from 'zod';
import { requiredText } from './fields';
import { cipherText, nonceId } from './password';
import { accountRecord } from './account';
import { tenantRecord } from './tenant';

/** Spec §3 "Nonce response". */
export const nonce = z.object({ id: z.string(), randomKey: z.string() });

/** Spec §7 login/code-pwd payload; the §5 required messages come from these labels. */
export const signInPayload = z.object({
  tenantCode: requiredText('login:fields.tenantCode', 64),
  code: requiredText('login:fields.code', 64),
  cipherDigest: cipherText('login:fields.password'),
  nonceId,
});

export const currentUser = z.object({ account: accountRecord, tenant: tenantRecord });
export const signInResult = currentUser.extend({ sessionKey: z.string() });

export const signOutPayload = z.object({
  sessionKey: z.string({ error: 'validation:required' }).min(1, 'validation:required').meta({ label: 'login:fields.sessionKey' }),
});

export type CurrentUser = z.infer<typeof currentUser>;
export type SignInResult = z.infer<typeof signInResult>;
