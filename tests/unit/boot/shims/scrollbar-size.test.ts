import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as rcUtil from 'rc-util/es/getScrollBarSize';
import type { ConfigEnv, UserConfig } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import viteConfig from '../../../../vite.config';

type Shim = typeof import('../../../../src/boot/shims/scrollbar-size');
const require = createRequire(import.meta.url);

/**
 * jsdom lays nothing out and computes no scrollbar style: a probe reads as a scrolling box of 100 px
 * with a scrollbar of `bar` px, and an element's computed scrollbar style is what `element` gave it.
 */
let bar = 15;
const probes: HTMLElement[] = [];
interface Scrollbar {
  scrollbarWidth?: string;
  scrollbarColor?: string;
  webkitWidth?: string;
}
const element = (scrollbar: Scrollbar = {}) => Object.assign(document.createElement('div'), { scrollbar });
let shim: Shim;
beforeEach(async () => {
  vi.resetModules(); // nothing measured yet
  shim = await import('../../../../src/boot/shims/scrollbar-size');
  vi.spyOn(window, 'getComputedStyle').mockImplementation((target, pseudo) => {
    const { scrollbarWidth = 'auto', scrollbarColor = 'auto', webkitWidth = 'auto' } = (target as Element & { scrollbar?: Scrollbar }).scrollbar ?? {};
    return (pseudo ? { width: webkitWidth, height: 'auto' } : { scrollbarWidth, scrollbarColor }) as Partial<CSSStyleDeclaration> as CSSStyleDeclaration;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(() => 100);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => 100);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(() => 100 - bar);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(() => 100 - bar);
  const append = document.body.appendChild.bind(document.body);
  vi.spyOn(document.body, 'appendChild').mockImplementation((node) => (probes.push(node as HTMLElement), append(node)));
});
afterEach(() => {
  vi.restoreAllMocks();
  probes.length = 0;
});

const measured = () => probes.filter((probe) => probe.id.startsWith('edp-scrollbar-measure')).length;

describe('scrollbar size (rc-util aliased)', () => {
  it("stands in for rc-util's in the console's build, with its exports", async () => {
    const config = (await (viteConfig as (env: ConfigEnv) => Promise<UserConfig>)({ command: 'serve', mode: 'test' })) as UserConfig;
    const aliases = config.resolve!.alias as { find: unknown; replacement: string }[];
    expect(aliases.find(({ find }) => find === 'rc-util/es/getScrollBarSize')?.replacement).toMatch(/src[\\/]boot[\\/]shims[\\/]scrollbar-size\.ts$/);
    const exports: typeof rcUtil = shim; // the same signatures as rc-util's (a type error otherwise)
    expect(Object.keys(exports)).toEqual(expect.arrayContaining(['default', 'getTargetScrollBarSize']));
  });

  it('still finds rc-table and antd importing that path (an upgrade that moves it measures in every commit again)', () => {
    expect(readFileSync(require.resolve('rc-table/es/Table.js'), 'utf8')).toContain('from "rc-util/es/getScrollBarSize"');
    // and reading the measured size only where a fixed header makes room for its body's scrollbar (the shim measures no other table)
    const tableDir = path.dirname(require.resolve('rc-table/es/Table.js'));
    const source = (file: string) => readFileSync(path.join(tableDir, file), 'utf8');
    const readers = (readdirSync(tableDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.js') && source(file).includes('scrollbarSize'));
    expect(readers.sort()).toEqual(['Body/ExpandedRow.js', 'FixedHolder/index.js', 'Table.js']);
    expect(source('FixedHolder/index.js')).toContain('var combinationScrollBarSize = isSticky && !fixHeader ? 0 : scrollbarSize;');
    expect(source('Body/ExpandedRow.js')).toContain('(fixHeader && !isEmpty ? scrollbarSize : 0)');
    expect(readFileSync(require.resolve('@rc-component/portal/es/useScrollLocker.js'), 'utf8')).toContain('from "rc-util/es/getScrollBarSize"');
  });

  it("measures an element's scrollbar as rc-util does: a scrolling probe with its style, left nowhere", () => {
    const size = shim.getTargetScrollBarSize(element({ scrollbarWidth: 'thin', scrollbarColor: 'red blue', webkitWidth: '6px' }));
    expect(size).toEqual({ width: 15, height: 15 });
    expect(probes[0]!.style.overflow).toBe('scroll');
    expect(probes[0]!.style.getPropertyValue('scrollbar-width')).toBe('thin');
    expect(document.getElementById(probes[0]!.id)).toBeNull();
    expect(document.head.innerHTML).not.toContain(probes[0]!.id); // its ::-webkit-scrollbar rule is gone too
    expect(probes[0]!.isConnected).toBe(false);
  });

  it('measures once per scrollbar style, whatever the element', () => {
    shim.getTargetScrollBarSize(element({ scrollbarColor: 'red blue' }));
    shim.getTargetScrollBarSize(element({ scrollbarColor: 'green white' })); // a colour is not a size
    expect(measured()).toBe(1);
    bar = 0; // a cached style answers with what was measured
    expect(shim.getTargetScrollBarSize(element({ scrollbarColor: 'red blue' }))).toEqual({ width: 15, height: 15 });
    expect(shim.getTargetScrollBarSize(element({ scrollbarWidth: 'none' }))).toEqual({ width: 0, height: 0 });
    expect(measured()).toBe(2);
    bar = 15;
  });

  it("measures the page's scrollbar at start, so a dialog locking its scroll later measures nothing", () => {
    shim.measureCommonScrollbars();
    const atStart = measured();
    shim.getTargetScrollBarSize(document.body);
    expect(shim.default()).toBe(15);
    expect([atStart, measured()]).toEqual([1, 1]);
  });

  it('measures nothing and reads no style for a table without a fixed header: rc-table uses that size only for one', () => {
    for (const className of ['ant-table-content', 'ant-table-container']) {
      const table = Object.assign(element({ scrollbarColor: 'red blue' }), { className });
      expect(shim.getTargetScrollBarSize(table)).toEqual({ width: 0, height: 0 });
    }
    expect(window.getComputedStyle).not.toHaveBeenCalled();
    expect(measured()).toBe(0);
    const fixedHeadersBody = Object.assign(element({ scrollbarColor: 'red blue' }), { className: 'ant-table-body' });
    expect(shim.getTargetScrollBarSize(fixedHeadersBody)).toEqual({ width: 15, height: 15 });
  });

  it('measures afresh when asked to (rc-util’s `fresh`)', () => {
    shim.default();
    bar = 8;
    expect([shim.default(), shim.default(true)]).toEqual([15, 8]);
    bar = 15;
  });
});
