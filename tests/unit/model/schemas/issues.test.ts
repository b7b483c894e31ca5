import { describe, expect, it } from 'vitest';
import { createAccountPayload } from '../../../../model/schemas/account';
import { z } from 'zod';
import { idsPayload } from '../../../../model/schemas/engine/entity';
import { entityId, entityIdParam } from '../../../../model/schemas/fields';
import { describeIssue, labelAt } from '../../../../model/schemas/issues';
import { newPassword } from '../../../../model/schemas/password';
import { signInPayload } from '../../../../model/schemas/session';

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

describe("describeIssue and the validation library's own messages", () => {
  it('never sends a zod text as a key: a non-object payload is our invalidType naming the request body', () => {
    expect(firstIssue(signInPayload, 'abc')).toMatchObject({ field: '', key: 'validation:invalidType', params: { label: 'validation:requestBody' } });
    expect(firstIssue(signInPayload, [1])).toMatchObject({ key: 'validation:invalidType' });
  });

  it('maps sizes and anything else to keys of our own', () => {
    const schema = z.object({ n: z.number().max(3).meta({ label: 'common:pageNum' }), s: z.string().max(2), e: z.email() });
    const describe = (value: unknown) => describeIssue(schema, schema.safeParse(value).error!.issues[0]!);
    expect(describe({ n: 4, s: '', e: 'a@b.cd' })).toMatchObject({ key: 'validation:max', params: { label: 'common:pageNum', max: 3 } });
    expect(describe({ n: 1, s: 'abc', e: 'a@b.cd' })).toMatchObject({ key: 'validation:maxLength', params: { label: 's', max: 2 } });
    expect(describe({ n: 1, s: '', e: 'nope' })).toMatchObject({ key: 'validation:invalid', params: { label: 'e' } });
  });

  it('uses a key-shaped message only when the catalogue knows it', () => {
    const schema = z.object({ a: z.string().refine(() => false, 'validation:noSuchKey') });
    const issue = schema.safeParse({ a: 'x' }).error!.issues[0]!;
    expect(describeIssue(schema, issue).key).toBe('validation:noSuchKey');
    expect(describeIssue(schema, issue, () => false).key).toBe('validation:invalid');
  });

  it("names a list item by its own label, else by the list's", () => {
    expect(labelAt(idsPayload, ['ids', 0])).toBe('common:id');
    expect(labelAt(idsPayload, ['ids'])).toBe('common:selection');
    const tagged = z.object({ tags: z.array(z.string()).meta({ label: 'bag:fields.labelList' }) });
    expect(labelAt(tagged, ['tags', 3])).toBe('bag:fields.labelList');
    expect(labelAt(tagged, ['constructor'])).toBeUndefined();
  });
});

describe('ids', () => {
  it.each([true, [16], '0x10', '16', -1, 0, 1.5, 1e20, Number.MAX_SAFE_INTEGER + 1])('are refused in JSON unless a positive safe integer: %j', (id) =>
    expect(entityId('common:id').safeParse(id).success).toBe(false),
  );
  it.each(['0x10', '+1', '01', '1e1', '1.0', ' 1', '-1', '0', '9007199254740993', ''])('are refused in query strings unless plain digits: %j', (id) =>
    expect(entityIdParam('common:id').safeParse(id).success).toBe(false),
  );
  it('are accepted as a number and as digits', () => {
    expect(entityId('common:id').parse(16)).toBe(16);
    expect(entityIdParam('common:id').parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('newPassword (spec §5)', () => {
  it.each(['Aa1!aaaa', 'Zz9#long-enough'])('accepts %s', (password) => expect(newPassword().safeParse(password).success).toBe(true));
  it.each(['Aa1!aaa', 'aa1!aaaa', 'AA1!AAAA', 'Aa!aaaaa', 'Aa1aaaaa', ''])('refuses %s', (password) =>
    expect(newPassword().safeParse(password).success).toBe(false),
  );
});
