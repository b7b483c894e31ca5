import { describe, expect, it } from 'vitest';
import { antdDefaultThemeStyles, MORE_ID } from '../../../scripts/antd-static-style';

const plugin = antdDefaultThemeStyles();
const resolve = plugin.resolveId as (id: string) => string;
const load = plugin.load as (id: string) => string;
const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;

/** The two sheets the build makes, and the components antd's map in the first says they hold ("Table-Table|ant-table|..."). */
function sheets() {
  const list = load(resolve('virtual:antd-default-theme.css'));
  const more = load(resolve(MORE_ID));
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(list)?.[1] ?? '';
  const entries = map.split(';').map((entry) => entry.split('|'));
  return { list, more, entries, held: new Set(entries.map(([, path]) => path?.split('-')[0])) };
}

/** Whether a sheet styles a class at the root of a component (`:where(.css-x).ant-picker{`); a boolean, not the sheet in a failure. */
const styles = (css: string, className: string) => new RegExp(String.raw`\)\.${className}\{`).test(css);

describe("antd's styles rendered at build time", () => {
  it("carries antd's map of what both sheets hold, for the components the console draws its lists and pages with", () => {
    const { list, more, held } = sheets();
    for (const component of [
      'Table',
      'Button',
      'Select',
      'Tabs',
      'Menu',
      'Pagination',
      'Checkbox',
      'Tag',
      'Layout',
      'Form',
      'Input',
      'Tooltip',
      'Popconfirm',
      'DatePicker',
      // drawn only in a portal or by a static call: a dialog, Modal.info's body, a notification
      'Modal',
      'Notification',
    ])
      expect(held, component).toContain(component);
    expect(styles(list, 'ant-table-wrapper')).toBe(true);
    // antd reads its map once, from whichever sheet a page has first: both carry the whole of it
    const mapOf = (css: string) => /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1];
    expect(mapOf(more)).toBe(mapOf(list));
  }, 60_000);

  it("holds every style under the console theme's token hash, the one antd asks for (not an antd panel's own theme)", () => {
    const { entries } = sheets();
    const paths = entries.map(([, path, prefix]) => `${path}|${prefix}`);
    for (const written of ['Modal-confirm|ant-modal', 'Tag-preset|ant-tag', 'Tag-status|ant-tag', 'Button-compact|ant-btn']) expect(paths).toContain(written);
    const hashes = new Set(entries.filter(([, path]) => path !== 'ant-design-icons').map(([hash]) => hash));
    expect(hashes.size).toBe(1);
  }, 60_000);

  it('gives a cold list only the styles of what a signed-in list draws, the rest in the second sheet', () => {
    const { list, more } = sheets();
    // the list's table, pages, filter input (a deep import) and the check box it draws as plain classes
    for (const drawn of ['ant-table-wrapper', 'ant-pagination', 'ant-input', 'ant-checkbox', 'ant-menu', 'ant-btn'])
      expect(styles(list, drawn), drawn).toBe(true);
    // a date picker, an upload and a form are drawn only by pages and drawers loaded later
    for (const later of ['ant-picker', 'ant-upload-wrapper', 'ant-form-item', 'ant-steps']) {
      expect(styles(more, later), later).toBe(true);
      expect(styles(list, later), later).toBe(false);
    }
  }, 60_000);

  it("keeps every box-sizing reset in the first sheet's one rule: the second, added to a drawn page, restyles only what it draws", () => {
    const { list, more } = sheets();
    expect((list.match(/\[class\^=ant-\]/g) ?? []).length).toBeGreaterThan(0);
    expect((more.match(/\[class\^=ant-\]/g) ?? []).length).toBe(0);
  }, 60_000);

  it('makes each module that imports one of the other components import the second sheet, and no other', () => {
    const at = `${process.cwd()}/src/screens/components/x.tsx`;
    const inShell = `${process.cwd()}/src/screens/components/schema/list/entity-list-page.tsx`;
    expect(transform("import { DatePicker, Button } from 'antd';\nexport const x = 1;\n", inShell)?.code).toMatch(new RegExp(`\\nimport '${MORE_ID}';\\n$`));
    expect(transform('import Upload from "antd/es/upload";\n', at)?.code).toContain(MORE_ID);
    // the shell imports the first sheet; a module outside it that draws its components (an error page) imports it too
    expect(transform("import { Button, Table } from 'antd';\n", inShell)).toBeUndefined();
    expect(transform("import { Button, Table } from 'antd';\n", at)?.code).toBe(
      "import { Button, Table } from 'antd';\n\nimport 'virtual:antd-default-theme.css';\n",
    );
    expect(transform("import type { DatePickerProps } from 'antd';\nimport type { UploadProps } from 'antd/es/upload';\n", at)).toBeUndefined();
    // a component loaded later comes with its sheet; a list's, with none
    expect(transform("const notices = () => import('antd/es/notification');\n", at)?.code).toBe(
      `const notices = () => Promise.all([import('antd/es/notification'), import('${MORE_ID}')]).then(([module]) => module);\n`,
    );
    expect(transform("const Radio = lazy(() => import('antd/es/radio'));\n", at)?.code).toContain(`import('${MORE_ID}')`);
    expect(transform("const Table = lazy(() => import('antd/es/table'));\n", inShell)).toBeUndefined();
    // a module deep in a list's folder, by what it draws: the table's filter dropdown draws a tree
    expect(transform("lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));\n", inShell)?.code).toContain(`import('${MORE_ID}')`);
    expect(transform("import { DatePicker } from 'antd';\n", '/elsewhere/node_modules/x/index.js')).toBeUndefined();
  }, 60_000);
});
