import { describe, expect, it } from 'vitest';
import { createAccountPayload } from '../../../src/schemas/account';
import { describeIssue } from '../../../src/schemas/issues';
import { newPassword } from '../../../src/schemas/password';
import { signInPayload } from '../../../src/schemas/session';

const firstIssue = (schema: typeof signInPayload | typeof createAccountPayload, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return describeIssue(schema, result.error.issues[0]!);
};

describe('describeIssue', () => {
  it('names the field, the message key and the field label', () => {
    expect(firstIssue(signInPayload, { code: 'a', cipherDigest: 'x', nonceId: 'n' })).toEqual({
      field: 'tenantCode',
      key: 'validation:required',
      params: { label: 'login:fields.tenantCode', min: undefined, max: undefined },
    });
  });

  it('carries the bound of a length rule', () => {
    const issue = firstIssue(createAccountPayload, { role: 'rd', accountCode: 'a'.repeat(65), accountName: 'n', cipherDigest: 'x', nonceId: 'n' });
    expect(issue).toMatchObject({ field: 'accountCode', key: 'validation:maxLength', params: { label: 'account:fields.code', max: 64 } });
  });

  it('looks through optional and transformed fields for the label', () => {
    const issue = firstIssue(createAccountPayload, {
      role: 'rd',
      accountCode: 'a',
      accountName: 'n',
      cipherDigest: 'x',
      nonceId: 'n',
      description: 'd'.repeat(501),
    });
    expect(issue).toMatchObject({ field: 'description', params: { label: 'account:fields.description', max: 500 } });
  });
});

describe('newPassword (spec §5)', () => {
  it.each(['Aa1!aaaa', 'Zz9#long-enough'])('accepts %s', (password) => expect(newPassword().safeParse(password).success).toBe(true));
  it.each(['Aa1!aaa', 'aa1!aaaa', 'AA1!AAAA', 'Aa!aaaaa', 'Aa1aaaaa', ''])('refuses %s', (password) =>
    expect(newPassword().safeParse(password).success).toBe(false),
  );
});
