import { Button, Table, Tag } from 'antd';
import { act, useState, type Key, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { linkButtonClass, plainLinkButton, plainSelectionCell, plainTag } from '../../../../../../src/screens/components/schema/shared/plain-antd';
import { useAntdHash } from '../../../../../../src/screens/components/schema/shared/use-antd-hash';
import { mountedRoot } from '../../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The class lists of what `antd` and `plain` render (as sets: their order means nothing to CSS). */
async function classesOf(antd: ReactNode, plain: (hash: string) => ReactNode) {
  const { root, container } = mountedRoot();
  function Both() {
    const hash = useAntdHash();
    return (
      <>
        <div data-side="antd">{antd}</div>
        <div data-side="plain">{plain(hash)}</div>
      </>
    );
  }
  await act(() => root.render(<Both />));
  const classes = (side: string) => new Set(container.querySelector(`[data-side="${side}"]`)!.firstElementChild!.className.split(/\s+/));
  return { antd: classes('antd'), plain: classes('plain'), container };
}

describe('plain antd elements (a list row without antd components)', () => {
  it.each(['green', 'success', 'default', undefined, '#123456'])('a tag of colour %s has the classes of antd’s Tag', async (color) => {
    const { antd, plain, container } = await classesOf(<Tag color={color}>x</Tag>, (hash) => plainTag(hash, 'x', color));
    expect(plain).toEqual(antd);
    if (color === '#123456')
      expect((container.querySelector('[data-side="plain"]')!.firstElementChild as HTMLElement).style.backgroundColor).toBe('rgb(18, 52, 86)');
  });

  it('a link button has the classes of antd’s small link Button, danger and icon-only too', async () => {
    const view = await classesOf(
      <Button type="link" size="small">
        查看
      </Button>,
      (hash) => plainLinkButton(hash, '查看'),
    );
    expect(view.plain).toEqual(view.antd);
    const danger = await classesOf(
      <Button type="link" size="small" danger>
        删除
      </Button>,
      (hash) => plainLinkButton(hash, '删除', { danger: true }),
    );
    expect(danger.plain).toEqual(danger.antd);
    const disabled = await classesOf(
      <Button type="link" size="small" disabled>
        停用
      </Button>,
      (hash) => plainLinkButton(hash, '停用', { disabled: true }),
    );
    expect(disabled.plain).toEqual(disabled.antd);
    const button = (side: string) => disabled.container.querySelector(`[data-side="${side}"] button`) as HTMLButtonElement;
    expect([button('plain').disabled, button('antd').disabled]).toEqual([true, true]);
    const icon = await classesOf(<Button type="link" size="small" icon={<i />} />, (hash) => <button className={linkButtonClass(hash, { iconOnly: true })} />);
    expect(icon.plain).toEqual(icon.antd);
  });

  it('a running button looks as antd’s loading Button (its spinner first) and its clicks go nowhere', async () => {
    const onClick = vi.fn();
    const view = await classesOf(
      <Button type="link" size="small" loading>
        启用
      </Button>,
      (hash) => plainLinkButton(hash, '启用', { loading: true, onClick }),
    );
    expect(view.plain).toEqual(view.antd);
    const parts = (side: string) =>
      [...view.container.querySelector(`[data-side="${side}"] button`)!.children].map((child) => [
        child.className,
        child.querySelector('.anticon')?.className ?? '',
      ]);
    expect(parts('plain')).toEqual(parts('antd'));
    await act(() => (view.container.querySelector('[data-side="plain"] button') as HTMLButtonElement).click());
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a row’s check box has the classes of antd’s, and selects through antd’s own handler, shift-click ranges too', async () => {
    // antd's Table asks for the screen's breakpoints, which jsdom does not have
    window.matchMedia ??= (query: string) => ({
      matches: false,
      media: query,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      onchange: null,
      dispatchEvent: () => false,
    });
    const rows = [1, 2, 3, 4].map((id) => ({ id }));
    const { root, container } = mountedRoot();
    const onChange = vi.fn();
    function Both() {
      const hash = useAntdHash();
      const [selected, setSelected] = useState<Key[]>([1]);
      const table = (plain: boolean) => (
        <Table
          rowKey="id"
          dataSource={rows}
          columns={[{ dataIndex: 'id' }]}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: plain ? (keys) => (onChange(keys), setSelected(keys)) : undefined,
            renderCell: plain ? plainSelectionCell(hash) : undefined,
          }}
        />
      );
      return (
        <>
          <div data-side="antd">{table(false)}</div>
          <div data-side="plain">{table(true)}</div>
        </>
      );
    }
    await act(() => root.render(<Both />));
    const boxes = (side: string) => [...container.querySelectorAll(`[data-side="${side}"] tbody .ant-checkbox-wrapper`)];
    const classes = (element: Element) =>
      new Set(
        [element, ...element.querySelectorAll('*')]
          .map((node) => node.className)
          .join(' ')
          .split(/\s+/),
      );
    expect(boxes('plain').map(classes)).toEqual(boxes('antd').map(classes));
    const click = (row: number, shiftKey = false) =>
      act(() =>
        boxes('plain')
          [row]!.querySelector('input')!
          .dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey })),
      );
    await click(1);
    expect(onChange.mock.lastCall?.[0]).toEqual([1, 2]);
    await click(3, true);
    expect(onChange.mock.lastCall?.[0]).toEqual([1, 2, 3, 4]);
  });
});
