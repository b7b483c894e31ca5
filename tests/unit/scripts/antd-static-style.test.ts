import { describe, expect, it } from 'vitest';
import { antdDefaultThemeStyles } from '../../../scripts/antd-static-style';

/** The sheet the build makes, and the components antd's map in it says it holds ("Table-Table|ant-table|..."). */
function sheet() {
  const plugin = antdDefaultThemeStyles();
  const resolve = plugin.resolveId as (id: string) => string;
  const css = (plugin.load as (id: string) => string)(resolve('virtual:antd-default-theme.css'));
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
  return { css, held: new Set(map.split(';').map((entry) => entry.split('|')[1]?.split('-')[0])) };
}

describe("antd's styles rendered at build time (issue #11)", () => {
  it("carries antd's map of what it holds, for the components the console draws its lists and pages with", () => {
    const { css, held } = sheet();
    for (const component of ['Table', 'Button', 'Select', 'Tabs', 'Menu', 'Pagination', 'Checkbox', 'Tag', 'Layout', 'Form', 'Input', 'Tooltip', 'Popconfirm'])
      expect(held, component).toContain(component);
    expect(css).toContain('.ant-table');
  }, 60_000);
});
