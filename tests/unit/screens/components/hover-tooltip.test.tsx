import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HoverTooltip } from '../../../../src/screens/components/hints/hover-tooltip';
import { mountedRoot } from '../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The pointer moves from one element to another: mouseout, then mouseover, as a browser sends them (React's enter and leave come from these). */
const move = (from: Element, to: Element) =>
  act(() => {
    from.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: to }));
    to.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: from }));
  });

const shownTip = () => document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)');

describe('HoverTooltip (a tooltip made when first pointed at)', () => {
  it('holds no tooltip until the pointer comes, then shows it at once, hides it when the pointer leaves and shows it again', async () => {
    const { root, container } = mountedRoot();
    const onClick = vi.fn();
    await act(() =>
      root.render(
        <div data-testid="outside">
          <HoverTooltip title="Refresh the page">
            <button onClick={onClick}>R</button>
          </HoverTooltip>
        </div>,
      ),
    );
    const outside = container.firstElementChild!;
    expect(document.querySelector('.ant-tooltip')).toBeNull();
    expect(document.body.textContent).not.toContain('Refresh the page');

    await move(outside, container.querySelector('button')!);
    await vi.waitFor(() => expect(shownTip()?.textContent).toBe('Refresh the page'));

    await move(container.querySelector('button')!, outside);
    await vi.waitFor(() => expect(shownTip()).toBeNull());

    await move(outside, container.querySelector('button')!);
    await vi.waitFor(() => expect(shownTip()?.textContent).toBe('Refresh the page'));

    // The element inside is the one given, and works as before.
    await act(() => container.querySelector('button')!.click());
    expect(onClick).toHaveBeenCalledOnce();
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });
});
