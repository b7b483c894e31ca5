import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../../src/providers/storage-keys';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** antd's style code (in a build, the lazy chunk the build writes), counted as it is imported. */
let imported = vi.fn();
beforeEach(() => {
  vi.resetModules();
  imported = vi.fn();
  vi.doMock('../../../../../src/boot/shims/antd-style-generator-modules', () => {
    imported();
    return {};
  });
});
afterEach(() => localStorage.clear());

/** Draws what the hook answers, first and once antd's style code is in. */
async function drawn(codeComes = false) {
  const { useDrawnSettings } = await import('../../../../../src/screens/components/theme/use-drawn-settings');
  const { styleGenerators } = await import('../../../../../src/boot/shims/antd-style-generators');
  const seen: string[] = [];
  const Probe = () => {
    const { settings, rewrite } = useDrawnSettings();
    seen.push(`${settings.theme}/${settings.colorPreset}/${rewrite}`);
    return null;
  };
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  flushSync(() => root.render(<Probe />));
  if (codeComes) await vi.waitFor(() => expect(styleGenerators.get().loaded).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  root.unmount();
  container.remove();
  return { seen: [...new Set(seen)], loaded: styleGenerators.get().loaded, imports: imported.mock.calls.length };
}

describe('the preferences antd draws with (its style code loads for another theme only)', () => {
  it("draws the default theme's styles from the built sheets and loads no style code", async () => {
    expect(await drawn()).toEqual({ seen: ['light/default/0'], loaded: false, imports: 0 });
  });

  it('draws another theme once the style code is in, and the default one until then', async () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ theme: 'dark', colorPreset: 'purple' }));
    expect(await drawn(true)).toEqual({ seen: ['light/default/0', 'dark/purple/0'], loaded: true, imports: 1 });
  });

  it("tells the built sheets' preferences apart: the defaults only, a layout aside", async () => {
    const { inBuiltSheets } = await import('../../../../../src/boot/theme-tokens');
    const { DEFAULT_SETTINGS } = await import('../../../../../src/providers/settings');
    expect(inBuiltSheets(DEFAULT_SETTINGS)).toBe(true);
    expect(inBuiltSheets({ ...DEFAULT_SETTINGS, layout: 'mini' })).toBe(true);
    expect(inBuiltSheets({ ...DEFAULT_SETTINGS, fontSize: 15 })).toBe(false);
    expect(inBuiltSheets({ ...DEFAULT_SETTINGS, theme: 'dark' })).toBe(false);
    expect(inBuiltSheets({ ...DEFAULT_SETTINGS, colorPreset: 'cyan' })).toBe(false);
    expect(inBuiltSheets({ ...DEFAULT_SETTINGS, fontFamily: 'serif' })).toBe(false);
  });
});
