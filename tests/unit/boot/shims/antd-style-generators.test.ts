import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Shim = typeof import('../../../../src/boot/shims/antd-style-generators');
let shim: Shim;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  vi.resetModules();
  shim = await import('../../../../src/boot/shims/antd-style-generators');
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("antd's style functions, loaded when first needed", () => {
  it('calls the functions a factory was given, found by module and export once registered', () => {
    const hook = () => undefined;
    const style = vi.fn(() => [{ '.ant-btn': { color: 'red' } }]);
    const token = vi.fn(() => ({ paddingInline: 15 }));
    expect(shim.capture(hook, ['Button', style, token])).toBe(hook);
    shim.register('button/style/index.js', { default: hook, helper: () => undefined });
    expect(shim.lazyStyle('button/style/index.js#default')('token', 'info')).toEqual([{ '.ant-btn': { color: 'red' } }]);
    expect(style).toHaveBeenCalledWith('token', 'info');
    expect(shim.lazyToken('button/style/index.js#default')('token')).toEqual({ paddingInline: 15 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers a style asked for before its code is here with none, says so, loads the code, then has antd ask once more', async () => {
    const changes = vi.fn();
    shim.styleGenerators.subscribe(changes);
    expect(shim.lazyStyle('tag/style/presetCmp.js#default')({})).toEqual([]);
    expect(shim.lazyToken('tag/style/presetCmp.js#default')({})).toEqual({});
    expect(warn).toHaveBeenCalledWith(`antd style tag/style/presetCmp.js#default ${shim.MISSING_STYLE}`);
    await vi.waitFor(() => expect(shim.styleGenerators.get()).toEqual({ loaded: true, misses: 1 }));
    // the second miss, before the code came, asked for no second round
    await shim.loadStyleGenerators();
    expect(shim.styleGenerators.get().misses).toBe(1);
    expect(changes).toHaveBeenCalled();
  });

  it('loads the code once, however often asked', async () => {
    const first = shim.loadStyleGenerators();
    expect(shim.loadStyleGenerators()).toBe(first);
    await first;
    expect(shim.styleGenerators.get()).toEqual({ loaded: true, misses: 0 });
  });
});
