import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { account } from '../../../../../../model/schemas/account';
import { createPayload } from '../../../../../../model/schemas/engine/entity';
import { tenant } from '../../../../../../model/schemas/tenant';
import { changeLanguage, i18n, loadNamespaces } from '../../../../../../src/providers/i18n';
import { translatedSchema } from '../../../../../../src/screens/components/schema/form/translated-schema';
import { zodRule } from '../../../../../../src/screens/components/schema/form/zod-rule';

type Values = Record<string, unknown>;

/** What the generated form's resolver reports for `values`: each error's path and message. */
async function resolved(schema: z.ZodType<Values, Values>, values: Values) {
  const resolve = zodResolver(translatedSchema(schema, i18n.t));
  const { errors } = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const messages: Record<string, string> = {};
  const walk = (node: FieldErrors, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const error = value as FieldError & FieldErrors;
      if (typeof error.message === 'string') messages[[...path, key].join('.')] = error.message;
      else walk(error, [...path, key]);
    }
  };
  walk(errors, []);
  return messages;
}

const tenantPayload = createPayload(tenant) as unknown as z.ZodType<Values, Values>;
const TENANT = { code: 'north', name: 'North', adminCode: 'boss', adminName: 'Boss', rawDataStorageQuota: { limited: false, amount: null } };

beforeAll(() => loadNamespaces(['tenant']));
afterAll(() => changeLanguage('zh_CN'));

describe('the generated forms’ resolver (zodResolver over the shared rules)', () => {
  it('says each field’s §5 message with its label and bound, in Chinese and in English', async () => {
    const values = { ...TENANT, code: '', name: 'n'.repeat(65) };
    await changeLanguage('zh_CN');
    expect(await resolved(tenantPayload, values)).toEqual({ code: '请输入空间编码', name: '空间名称不能超过64个字符' });
    await changeLanguage('en_US');
    expect(await resolved(tenantPayload, values)).toEqual({ code: 'Space code is required', name: 'Space name must be at most 64 characters' });
  });

  it('nests an error inside a field where react-hook-form looks for it', async () => {
    await changeLanguage('zh_CN');
    expect(await resolved(tenantPayload, { ...TENANT, rawDataStorageQuota: { limited: true, amount: null } })).toEqual({
      'rawDataStorageQuota.amount': '配额须为不小于0的整数',
    });
  });

  it('reports a failure of the whole payload as the form’s root error', async () => {
    await changeLanguage('zh_CN');
    const whole = z.object({ a: z.string() }).refine(() => false, 'validation:invalid') as unknown as z.ZodType<Values, Values>;
    expect(await resolved(whole, { a: 'x' })).toEqual({ root: '请求内容不合法' });
  });

  it('hands the form the parsed values when every rule holds', async () => {
    const resolve = zodResolver(translatedSchema(tenantPayload, i18n.t));
    const { values, errors } = await resolve({ ...TENANT, code: '  north ' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ code: 'north' });
  });
});

describe('zodRule (the shared rules on antd’s forms)', () => {
  const check = (schema: z.ZodType, value: unknown) =>
    (zodRule(schema, i18n.t) as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);

  it('says the first broken rule as the resolver does, and passes a valid value', async () => {
    await changeLanguage('zh_CN');
    await expect(check(account.fields.code.input, 'labeller 1')).rejects.toThrow('账号编码只能包含字母、数字和 _ . - @');
    await expect(check(account.fields.code.input, undefined)).rejects.toThrow('请输入账号编码');
    await changeLanguage('en_US');
    await expect(check(account.fields.name.input, 'n'.repeat(65))).rejects.toThrow('Account name must be at most 64 characters');
    await expect(check(account.fields.code.input, 'labeller1')).resolves.toBeUndefined();
  });
});
