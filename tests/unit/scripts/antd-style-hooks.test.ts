import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdStyleHooks, GENERATOR_MODULES, generatorModules, hooksModule } from '../../../scripts/antd-style-hooks';
import { ANTD_ES, recordStyleModules } from '../../../scripts/antd-style-modules';

const modules = recordStyleModules();
const antdFile = (file: string) => path.join(ANTD_ES, file);

/** The plugin's resolveId, with Vite's resolution of a relative path in antd's ES build. */
const plugin = antdStyleHooks();
const resolveId = (source: string, importer: string) =>
  (plugin.resolveId as (this: unknown, source: string, importer: string) => Promise<string | undefined>).call(
    {
      resolve: async (request: string, from: string) => {
        const base = path.resolve(path.dirname(from), request);
        const id = [`${base}.js`, path.join(base, 'index.js'), base].find((file) => existsSync(file) && statSync(file).isFile());
        return id ? { id } : null;
      },
    },
    source,
    importer,
  );

describe("antd's style hooks without antd's style code", () => {
  it("records each style module's hooks as antd's factories made them: the component, the options, whether a token function came", () => {
    expect(modules.get('button/style/index.js')!.default).toEqual({
      factory: 'genStyleHooks',
      component: 'Button',
      withToken: true,
      options: { unitless: { fontWeight: true, contentLineHeight: true, contentLineHeightSM: true, contentLineHeightLG: true } },
    });
    expect(modules.get('tag/style/presetCmp.js')!.default).toMatchObject({ factory: 'genSubStyleComponent', component: ['Tag', 'preset'] });
    expect(modules.get('_util/wave/style.js')!.default).toMatchObject({ factory: 'genComponentStyleHook', component: 'Wave', withToken: false });
    // two hooks of one module, told apart by their exports; a constant a component imports, kept as it is
    expect(Object.keys(modules.get('grid/style/index.js')!)).toEqual(expect.arrayContaining(['useRowStyle', 'useColStyle']));
    expect(modules.get('carousel/style/index.js')!.DotDuration).toEqual({ literal: '--dot-duration' });
  });

  it('leaves out a module whose hook is made per call (the menu, the tooltip), and the helpers other style modules import', () => {
    expect(modules.has('menu/style/index.js')).toBe(false);
    expect(modules.has('tooltip/style/index.js')).toBe(false);
    expect(modules.get('input/style/index.js')).not.toHaveProperty('initInputToken');
    expect(modules.size).toBeGreaterThan(70);
  });

  it('makes the hooks again from the record alone, each looking up its functions by module and export', () => {
    const code = hooksModule('button/style/index.js', modules.get('button/style/index.js')!);
    expect(code).toContain(
      'export default genStyleHooks("Button", lazyStyle("button/style/index.js#default"), lazyToken("button/style/index.js#default"), {"unitless":',
    );
    expect(code).not.toMatch(/componentCls|genFocusStyle/);
    expect(hooksModule('carousel/style/index.js', modules.get('carousel/style/index.js')!)).toContain('export const DotDuration = "--dot-duration";');
    const registry = generatorModules(modules);
    expect(registry).toContain(`import * as m0 from ${JSON.stringify(antdFile([...modules.keys()][0]!))};`);
    expect(registry).toContain('register("button/style/index.js", m');
  });

  it("points a component's style import at the remade hooks, and style code's imports at antd's own modules", async () => {
    expect(await resolveId('./style', antdFile('button/button.js'))).toBe('\0antd-style-hooks:button/style/index.js');
    expect(await resolveId('../select/style', antdFile('tree-select/index.js'))).toBe('\0antd-style-hooks:select/style/index.js');
    expect(await resolveId('./style', antdFile('menu/menu.js'))).toBeUndefined();
    // style code imports the real modules (helpers, tokens), and the lazy chunk imports them all
    expect(await resolveId('../../input/style', antdFile('select/style/index.js'))).toBeUndefined();
    expect(await resolveId(antdFile('button/style/index.js'), GENERATOR_MODULES)).toBeUndefined();
    // a style module's factories hand over its functions
    expect(await resolveId('../../theme/internal', antdFile('button/style/index.js'))).toBe('\0antd-style-capture');
    expect(await resolveId('../theme/internal', antdFile('button/button.js'))).toBeUndefined();
  });
});
