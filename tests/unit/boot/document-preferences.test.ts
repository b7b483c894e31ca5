import { afterEach, describe, expect, it } from 'vitest';
import { followDocumentPreferences } from '../../../src/boot/document-preferences';
import { COLOR_PRESETS, FONT_FAMILIES, settingsStore } from '../../../src/providers/settings';

const html = () => {
  const root = document.documentElement;
  return { theme: root.dataset.theme, primary: root.style.getPropertyValue('--edp-primary'), font: root.style.fontFamily, size: root.style.fontSize };
};

afterEach(() => {
  settingsStore.reset();
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.theme;
});

describe('the preferences on <html>', () => {
  it('are there at once, before anything renders, and follow every change until unsubscribed', () => {
    settingsStore.update({ theme: 'dark', colorPreset: 'purple', fontSize: 16 });
    const stop = followDocumentPreferences();
    expect(html()).toEqual({ theme: 'dark', primary: COLOR_PRESETS.purple, font: FONT_FAMILIES.system, size: '16px' });

    settingsStore.update({ theme: 'light', fontSize: 13 });
    expect(html()).toMatchObject({ theme: 'light', primary: COLOR_PRESETS.purple, size: '13px' });

    stop();
    settingsStore.update({ fontSize: 18 });
    expect(html().size).toBe('13px');
  });
});
