import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { memoiseTranslations } from '../../../src/providers/translation-memo';

/** A fresh i18next with one catalogue in two languages; `resolved` counts the calls that reached i18next's translator. */
async function setUp() {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'zh_CN',
    fallbackLng: 'zh_CN',
    resources: {
      zh_CN: { common: { view: '查看', total: '共 {{total}} 条' } },
      en_US: { common: { view: 'View', item_one: '{{count}} item', item_other: '{{count}} items' } },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  // the translator is i18next's own (untyped) part that resolves a key: what the memo saves calls to
  const { translator } = instance as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
  const resolved = vi.spyOn(translator, 'translate');
  memoiseTranslations(instance);
  return { instance, resolved };
}

describe('memoiseTranslations', () => {
  it('resolves a plain key once, as react-i18next asks for it', async () => {
    const { instance, resolved } = await setUp();
    const t = instance.getFixedT(null, 'common');
    expect([t('view'), t('view'), t('common:view')]).toEqual(['查看', '查看', '查看']);
    expect(resolved).toHaveBeenCalledTimes(2); // `view` once, and `common:view` (another key) once
  });

  it('always resolves calls with values to put in, counts or objects', async () => {
    const { instance, resolved } = await setUp();
    expect(instance.t('common:total', { total: 3 })).toBe('共 3 条');
    expect(instance.t('common:total', { total: 4 })).toBe('共 4 条');
    expect(instance.t('common:item', { lng: 'en_US', count: 2 })).toBe('2 items');
    expect(instance.t('common:item', { lng: 'en_US', count: 1 })).toBe('1 item');
    expect(resolved).toHaveBeenCalledTimes(4);
  });

  it('answers in the new language after a change', async () => {
    const { instance } = await setUp();
    expect(instance.t('common:view')).toBe('查看');
    await instance.changeLanguage('en_US');
    expect(instance.t('common:view')).toBe('View');
    expect(instance.t('common:view', { lng: 'zh_CN' })).toBe('查看');
  });

  it('forgets a missing key once its catalogue arrives, and a removed catalogue', async () => {
    const { instance } = await setUp();
    expect(instance.t('bag:status.good')).toBe('status.good');
    instance.addResourceBundle('zh_CN', 'bag', { status: { good: '有效' } }, true, true);
    expect(instance.t('bag:status.good')).toBe('有效');
    instance.removeResourceBundle('zh_CN', 'bag');
    expect(instance.t('bag:status.good')).toBe('status.good');
  });

  it('keeps fallback texts apart', async () => {
    const { instance } = await setUp();
    expect(instance.t('common:absent', { defaultValue: 'One' })).toBe('One');
    expect(instance.t('common:absent', { defaultValue: 'Two' })).toBe('Two');
  });
});
