import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CellWidget } from '../../../../../../model/schemas/view';
import { i18n, loadNamespaces } from '../../../../../../src/providers/i18n';
import type { CellContext } from '../../../../../../src/screens/components/schema/cells/cell-context';
import { CELLS, type CellRegistry } from '../../../../../../src/screens/components/schema/cells/cell-renderers';
import { cellContent } from '../../../../../../src/screens/components/schema/cells/cells';
import { mountedRoot } from '../../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const context: CellContext = { t: i18n.t, accountName: (code) => (code === 'admin' ? 'Demo Admin' : undefined), hash: 'css-test' };
const OPTIONS = [{ value: 'A', label: 'common:yes', color: 'green' }];

/**
 * A value of each widget and the text its cell shows (zh_CN). Typed per widget, so a widget added to
 * the union is not done until this says how it looks.
 */
const SHOWN = {
  text: ['shelf-7', 'shelf-7'],
  textarea: ['a note', 'a note'],
  code: ['print(7)', 'print(7)'],
  cron: ['0 2 * * *', '0 2 * * *'],
  datetime: [new Date(2026, 10, 1, 8, 5, 9).toISOString(), '2026-11-01 08:05:09'],
  number: [1234.5, '1,234.50'],
  money: [1234.5, '¥1,234.50'],
  bytes: [1536, '1.50 KB'],
  duration: [90_061, '1天 1小时 1分 1秒'],
  enum: ['A', '是'],
  tags: [['near', 'far'], 'nearfar'],
  boolean: [false, '否'],
  quota: [{ limited: false, amount: null }, '不限'],
  rating: [3, '★★★☆☆'],
  reference: [7, 'Shelf set'],
  json: ['{"a":1}', '{"a":1}'],
  keyValue: ['A=1', 'A=1'],
  listFilter: ['{"robotSn":"G1-A009","structureType":"lerobot,hdf5"}', 'robotSn = G1-A009; structureType = lerobot,hdf5'],
  roles: ['rd,tenant_admin', '研发空间管理员'],
  account: ['admin', 'Demo Admin'],
} satisfies Record<CellWidget, [unknown, string]>;

async function drawn(widget: CellWidget, value: unknown) {
  const { root, container } = mountedRoot();
  const spec = { widget, options: OPTIONS, reference: 'dataset' };
  await act(async () => root.render(<MemoryRouter>{cellContent(spec, value, context, { title: 'Shelf set' })}</MemoryRouter>));
  return container;
}

beforeAll(async () => {
  await i18n.changeLanguage('zh_CN');
  await loadNamespaces(['tenant']);
});

describe('cells: how each widget shows a value', () => {
  it('a table of cells missing a widget does not compile', () => {
    const withoutRating: Omit<typeof CELLS, 'rating'> = CELLS;
    // @ts-expect-error a widget without a cell: the registry's type refuses the table
    const incomplete: CellRegistry = withoutRating;
    expect(incomplete).toBe(CELLS);
  });

  it.each(Object.entries(SHOWN) as [CellWidget, [unknown, string]][])('%s', async (widget, [value, text]) => {
    expect((await drawn(widget, value)).textContent).toBe(text);
  });

  it('draws enum values and tags as antd tags of the theme, in their colour', async () => {
    expect((await drawn('enum', 'A')).querySelector('span.ant-tag.ant-tag-green.css-test')?.textContent).toBe('是');
    expect([...(await drawn('tags', ['near', 'far'])).querySelectorAll('span.ant-tag.css-test')].map((tag) => tag.textContent)).toEqual(['near', 'far']);
  });

  it('shows an empty value as a dash, whatever the widget', async () => {
    for (const widget of Object.keys(CELLS) as CellWidget[]) {
      for (const empty of [null, undefined, '', []]) expect((await drawn(widget, empty)).textContent, widget).toBe('-');
    }
  });
});
