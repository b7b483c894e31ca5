import { act, lazy, Suspense, useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredDropdown } from '../../../../src/screens/components/inputs/deferred-dropdown';
import { AfterPaintGate } from '../../../../src/screens/components/layout/after-paint-gate';
import { afterPaint, rendered } from '../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MENU = { items: [{ key: 'logout', label: 'Sign out' }] };

/** antd's Dropdown marks the element it opens from. */
const isLive = (element: Element) => element.classList.contains('ant-dropdown-trigger');
const shownMenu = () => document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)');

/** Long enough for the frame to be painted and the tasks after it to run. */

/** The pointer comes over an element from outside, as a browser reports it (React's enter comes from this). */
const pointTo = (element: Element) => act(() => element.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, relatedTarget: document.body })));

describe('DeferredDropdown (a Dropdown made after the first paint, or when approached)', () => {
  it('draws only its element in the first frame, and is antd’s Dropdown once that frame was painted', async () => {
    const container = await rendered(
      <DeferredDropdown menu={MENU}>
        <button>Me</button>
      </DeferredDropdown>,
    );
    expect(isLive(container.querySelector('button')!)).toBe(false);
    expect(container.querySelectorAll('button')).toHaveLength(1);
    await afterPaint();
    expect(isLive(container.querySelector('button')!)).toBe(true);
    expect(shownMenu()).toBeNull(); // made, not opened
  });

  it('pointed at before that, it becomes the Dropdown at once, open, and closes when asked', async () => {
    const onOpenChange = vi.fn();
    const container = await rendered(
      <DeferredDropdown menu={MENU} onOpenChange={onOpenChange}>
        <button>Me</button>
      </DeferredDropdown>,
    );
    await pointTo(container.querySelector('button')!);
    expect(isLive(container.querySelector('button')!)).toBe(true);
    expect(onOpenChange).toHaveBeenCalledWith(true, { source: 'trigger' });
    await vi.waitFor(() => expect(shownMenu()?.textContent).toContain('Sign out'));
  });

  it('right-clicked before that, a context-menu Dropdown opens in place of the browser’s menu; controlled, it asks its owner', async () => {
    function Owned() {
      const [open, setOpen] = useState(false);
      return (
        <DeferredDropdown menu={MENU} trigger={['contextMenu']} open={open} onOpenChange={setOpen}>
          <div role="tab">Tab</div>
        </DeferredDropdown>
      );
    }
    const container = await rendered(<Owned />);
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    await act(() => container.querySelector('[role="tab"]')!.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(isLive(container.querySelector('[role="tab"]')!)).toBe(true);
    await vi.waitFor(() => expect(shownMenu()?.textContent).toContain('Sign out'));
  });

  it('focused (the keyboard) or clicked before that, a hover menu becomes the Dropdown without opening', async () => {
    const container = await rendered(
      <>
        <DeferredDropdown menu={MENU}>
          <button>Focused</button>
        </DeferredDropdown>
        <DeferredDropdown menu={MENU}>
          <button>Clicked</button>
        </DeferredDropdown>
      </>,
    );
    const [focused, clicked] = container.querySelectorAll('button');
    await act(() => focused!.focus());
    await act(() => clicked!.click());
    expect([...container.querySelectorAll('button')].map(isLive)).toEqual([true, true]);
    expect(shownMenu()).toBeNull();
  });
});

describe('AfterPaintGate', () => {
  it('draws what stands in for its content in the first frame, and the content from a task after that frame was painted', async () => {
    const container = await rendered(
      <AfterPaintGate before={<i>waiting</i>}>
        <b>menu</b>
      </AfterPaintGate>,
    );
    expect(container.innerHTML).toBe('<i>waiting</i>');
    await afterPaint();
    expect(container.innerHTML).toBe('<b>menu</b>');
  });

  it('opens in a transition: content whose code is still coming keeps the stand-in, not the Suspense fallback', async () => {
    let arrive!: () => void;
    const Menu = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = () => resolve({ default: () => <b>menu</b> }))));
    const container = await rendered(
      <Suspense fallback={<u>loading</u>}>
        <AfterPaintGate before={<i>waiting</i>}>
          <Menu />
        </AfterPaintGate>
      </Suspense>,
    );
    await afterPaint();
    // A gate opened by an urgent update would replace the drawn page with the fallback here; a transition
    // keeps what is drawn until the new content is ready (and its render yields to the browser).
    expect(container.innerHTML).toBe('<i>waiting</i>');
    await act(async () => arrive());
    expect(container.innerHTML).toBe('<b>menu</b>');
  });
});
