import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '../../../../mounted-root';
import { ConfirmOnClick } from '../../../../../../src/screens/components/schema/actions/confirm-on-click';
// Its popup loads on the first click: here it is in before the test's clock starts (antd takes a while to transform).
import '../../../../../../src/screens/components/schema/actions/confirm-popup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('ConfirmOnClick (a list row asking first)', () => {
  it('holds no popup until its button is clicked, then asks at once and runs only when confirmed', async () => {
    const { root, container } = mountedRoot();
    const onConfirm = vi.fn();
    await act(() =>
      root.render(
        <ConfirmOnClick title="Delete it?" okText="OK" cancelText="Cancel" onConfirm={onConfirm}>
          <button>Delete</button>
        </ConfirmOnClick>,
      ),
    );
    expect(document.body.textContent).not.toContain('Delete it?');
    // The popup's code loads with that click (a list's first load does without it).
    await act(async () => {
      container.querySelector('button')!.click();
      await import('../../../../../../src/screens/components/schema/actions/confirm-popup');
    });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Delete it?'));
    expect(onConfirm).not.toHaveBeenCalled();
    const ok = [...document.querySelectorAll('button')].find((button) => button.textContent === 'OK')!;
    await act(() => ok.click());
    expect(onConfirm).toHaveBeenCalledOnce();
  }, 30_000); // the popup's code is transformed on its first import: seconds on a busy machine
});
