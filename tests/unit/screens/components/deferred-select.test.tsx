import { Select, type SelectProps } from 'antd';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredSelect } from '../../../../src/screens/components/inputs/deferred-select';
import { afterPaint, mountedRoot } from '../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OPTIONS = [
  { value: 'a', label: 'Apple' },
  { value: 'b', label: 'Banana' },
];

/** Every element's tag and classes, in document order, with the attributes a reader or a test goes by. */
const shape = (root: Element) =>
  [root, ...root.querySelectorAll('*')].map((element) =>
    [
      element.tagName,
      [...element.classList].sort().join(' '),
      ...['id', 'role', 'aria-label', 'title', 'readonly', 'unselectable', 'type', 'data-testid'].map((name) => element.getAttribute(name) ?? '∅'),
      element.children.length ? '' : element.textContent,
    ].join('|'),
  );

/** A live Select is rc-select's: its input names the listbox it opens. */
const isLive = (root: Element) => root.querySelector('input')!.hasAttribute('aria-controls');

async function firstFrameAndLive(props: SelectProps<string | string[]>) {
  const { root, container } = mountedRoot();
  let first: string[] = [];
  await act(() => {
    root.render(
      <>
        <div data-side="deferred">
          <DeferredSelect {...props} />
        </div>
        <div data-side="antd">
          <Select {...props} />
        </div>
      </>,
    );
  });
  const deferred = () => container.querySelector('[data-side="deferred"]')!.firstElementChild!;
  const antd = container.querySelector('[data-side="antd"]')!.firstElementChild!;
  if (!isLive(deferred())) first = shape(deferred());
  await act(() => deferred().firstElementChild!.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
  expect(isLive(deferred())).toBe(true);
  return { first, live: shape(deferred()), antd: shape(antd), container };
}

/** rc-select names an input given no id itself (a counter; the plain one has none): not part of the look. */
const withoutIds = (lines: string[]) => lines.map((line) => line.replace(/\|(rc_select_\w+|∅)\|combobox/, '|(own id)|combobox'));

/** Long enough for the frame to be painted and the tasks after it to run. */

describe('DeferredSelect (a Select drawn plain until approached)', () => {
  it.each<[string, SelectProps<string | string[]>]>([
    ['empty, with a placeholder', { placeholder: 'Fruit', id: 'fruit', allowClear: true, options: OPTIONS, style: { width: 220 } }],
    ['with a value', { value: 'b', options: OPTIONS, 'aria-label': 'Fruit', ...({ 'data-testid': 'fruit' } as object) }],
    ['searchable and small, with a value', { value: 'a', options: OPTIONS, showSearch: true, size: 'small', className: 'extra' }],
    ['multiple, empty', { mode: 'multiple', placeholder: 'Fruits', id: 'fruits', allowClear: true, options: OPTIONS, 'aria-label': 'Fruits' }],
    ['tags, empty', { mode: 'tags', placeholder: 'Labels', id: 'labels', value: [] }],
  ])('%s: it has the elements and classes of antd’s Select, and is one once the pointer comes over it', async (_name, props) => {
    const { first, live, antd } = await firstFrameAndLive(props);
    expect(first.length).toBeGreaterThan(0); // the first frame was the plain one
    expect(withoutIds(first).filter((line) => !line.startsWith('svg') && !line.startsWith('path'))).toEqual(
      withoutIds(antd).filter((line) => !line.startsWith('svg') && !line.startsWith('path')),
    );
    expect(withoutIds(live)).toEqual(withoutIds(antd));
  });

  it('is antd’s Select from the start where only antd can draw the value (chosen tags)', async () => {
    const { first } = await firstFrameAndLive({ mode: 'multiple', value: ['a'], options: OPTIONS });
    expect(first).toEqual([]);
  });

  it('stays plain after it is painted, until approached; in a form (liveAfterPaint) it becomes a Select then', async () => {
    const { root, container } = mountedRoot();
    await act(() =>
      root.render(
        <>
          <DeferredSelect placeholder="Fruit" options={OPTIONS} />
          <DeferredSelect placeholder="Fruit" options={OPTIONS} liveAfterPaint />
        </>,
      ),
    );
    await afterPaint();
    expect([...container.children].map(isLive)).toEqual([false, true]);
  });

  it('is not woken by the pointer while disabled', async () => {
    const { root, container } = mountedRoot();
    await act(() => root.render(<DeferredSelect placeholder="Fruit" options={OPTIONS} disabled />));
    await act(() => container.firstElementChild!.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    expect(isLive(container.firstElementChild!)).toBe(false);
  });

  it('pressed while plain, it becomes antd’s Select open, and says so to onOpenChange', async () => {
    const { root, container } = mountedRoot();
    const onOpenChange = vi.fn();
    await act(() => root.render(<DeferredSelect placeholder="Fruit" options={OPTIONS} onOpenChange={onOpenChange} />));
    expect(isLive(container.firstElementChild!)).toBe(false);
    await act(() => container.firstElementChild!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(isLive(container.firstElementChild!)).toBe(true);
    expect(onOpenChange).toHaveBeenCalledWith(true);
    await vi.waitFor(() => expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')?.textContent).toContain('Banana'));
    expect(document.activeElement).toBe(container.querySelector('input'));
  });

  it('focused while plain (the keyboard), it becomes antd’s Select with the focus', async () => {
    const { root, container } = mountedRoot();
    await act(() => root.render(<DeferredSelect placeholder="Fruit" options={OPTIONS} id="fruit" />));
    await act(() => (container.querySelector('#fruit') as HTMLInputElement).focus());
    expect(isLive(container.firstElementChild!)).toBe(true);
    expect(document.activeElement).toBe(container.querySelector('#fruit'));
  });
});
