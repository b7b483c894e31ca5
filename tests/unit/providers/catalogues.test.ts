import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../src/providers/i18n';
import { STORAGE_KEYS } from '../../../src/providers/storage-keys';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key)) : [prefix];
const catalogue = (language: string) =>
  Object.fromEntries(
    readdirSync(path.join(LOCALES, language)).map((file) => [file, keys(JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8'))).sort()]),
  );

describe('catalogues', () => {
  it('have the same keys in zh_CN and en_US', () => {
    expect(catalogue('en_US')).toEqual(catalogue('zh_CN'));
  });

  it.each([
    ['errors:sessionExpired', '登录状态已过期!'],
    ['errors:generic', '操作失败,系统异常!'],
    ['errors:emptyResponse', '请求出错，请稍候重试'],
    ['errors:negativeRetries', '最大重试次数不能为负数'],
    ['login:success', '登录成功'],
    ['login:feishuUnavailable', '暂未开放飞书登录'],
    ['account:created', '创建成功'],
    ['validation:email', '邮箱格式错误！'],
    ['layout:errorBoundary.title', 'Sorry, Page error occurred!'],
    ['layout:errorBoundary.home', '返回首页'],
    ['login:title', 'Embodied Development Platform'],
  ])('say %s exactly as the spec: %s', (key, text) => expect(i18n.t(key, { lng: 'zh_CN' })).toBe(text));

  it.each([
    ['tenantCode', '请输入空间账号'],
    ['code', '请输入个人账号'],
    ['password', '请输入密码'],
  ])('build the §5 sign-in message for %s', (field, text) => {
    expect(i18n.t('validation:required', { lng: 'zh_CN', label: i18n.t(`login:fields.${field}`, { lng: 'zh_CN' }) })).toBe(text);
  });
});

describe('language', () => {
  it('defaults to zh_CN and persists a switch as i18nextLng and the i18next cookie', async () => {
    expect(i18n.language).toBe('zh_CN');
    await changeLanguage('en_US');
    expect(i18n.t('login:submit')).toBe('Login');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en_US');
    expect(document.cookie).toContain('i18next=en_US');
    await changeLanguage('zh_CN');
    expect(i18n.t('login:submit')).toBe('登录');
  });
});
