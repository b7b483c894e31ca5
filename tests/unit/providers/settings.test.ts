import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../src/providers/storage-keys';

const fresh = async () => {
  vi.resetModules();
  return import('../../../src/providers/settings');
};

describe('preferences (spec §2/§4/§9)', () => {
  it('default to light, the orange default preset, the system font at 14 and the vertical layout', async () => {
    const { settingsStore, COLOR_PRESETS } = await fresh();
    expect(settingsStore.get()).toEqual({ theme: 'light', colorPreset: 'default', fontFamily: 'system', fontSize: 14, layout: 'vertical' });
    expect(Object.keys(COLOR_PRESETS)).toEqual(['default', 'cyan', 'purple', 'blue', 'orange', 'red']);
    expect(COLOR_PRESETS.default).toBe('#ff6a00');
  });

  it('persist under `settings` and come back after a reload', async () => {
    const first = await fresh();
    first.settingsStore.update({ theme: 'dark', colorPreset: 'cyan', fontSize: 16, layout: 'mini', fontFamily: 'serif' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings)!)).toMatchObject({ theme: 'dark', colorPreset: 'cyan' });
    const second = await fresh();
    expect(second.settingsStore.get()).toEqual({ theme: 'dark', colorPreset: 'cyan', fontFamily: 'serif', fontSize: 16, layout: 'mini' });
  });

  it('ignore stored values that are not valid', async () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ theme: 'neon', colorPreset: 'gold', fontSize: 99, layout: 'mini' }));
    const { settingsStore } = await fresh();
    expect(settingsStore.get()).toEqual({ theme: 'light', colorPreset: 'default', fontFamily: 'system', fontSize: 14, layout: 'mini' });
  });

  it("name Chinese UI fonts in every font choice, before its generic family (the browser's per-glyph system search cost a cold list a third of its layout)", async () => {
    const { FONT_FAMILIES } = await fresh();
    for (const [choice, stack] of Object.entries(FONT_FAMILIES)) {
      const families = stack.split(',').map((family) => family.trim().replace(/"/g, ''));
      const generic = families.findIndex((family) => ['sans-serif', 'serif', 'monospace'].includes(family));
      expect(generic, choice).toBe(families.length - 1);
      expect(new Set(families).size, `${choice}: a font named twice`).toBe(families.length);
      const chinese = families.findIndex((family) => /PingFang SC|Noto (Sans|Serif) CJK SC/.test(family));
      expect(chinese, choice).toBeGreaterThanOrEqual(0);
      expect(chinese, choice).toBeLessThan(generic);
    }
    expect(FONT_FAMILIES.yahei).toMatch(/^"Microsoft YaHei", "PingFang SC"/);
    // Linux's: the machines that have no macOS or Windows font
    expect(FONT_FAMILIES.system).toMatch(/"Noto Sans CJK SC".*"WenQuanYi Micro Hei".*"Droid Sans Fallback", sans-serif$/);
  });
});
