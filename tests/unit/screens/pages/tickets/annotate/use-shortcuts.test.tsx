import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isTyping, useShortcuts, type ShortcutAction } from '../../../../../../src/screens/pages/tickets/annotate/use-shortcuts';
import { rendered } from '../../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Keys({ handlers, enabled }: { handlers: Partial<Record<ShortcutAction, () => void>>; enabled?: boolean }) {
  useShortcuts(handlers, enabled);
  return (
    <div>
      <input data-testid="text" />
      <textarea data-testid="area" />
      <input type="checkbox" data-testid="check" />
      <div contentEditable suppressContentEditableWarning data-testid="editable" />
      <button type="button" data-testid="button">
        ok
      </button>
      <div data-testid="plain" />
    </div>
  );
}

const press = (target: Element, key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => void target.dispatchEvent(event));
  return event;
};
const element = (container: HTMLElement, testId: string) => container.querySelector(`[data-testid="${testId}"]`)!;

describe('the annotating page’s shortcuts', () => {
  it('run their action for a key pressed on the page, and keep the browser’s own meaning of it away', async () => {
    const handlers = { qualified: vi.fn(), rangeStart: vi.fn(), deleteAnnotation: vi.fn(), save: vi.fn() };
    const container = await rendered(<Keys handlers={handlers} />);
    expect(press(element(container, 'plain'), 'q').defaultPrevented).toBe(true);
    press(document.body, '[');
    press(element(container, 'plain'), 'Backspace');
    press(element(container, 'plain'), 'Enter');
    press(element(container, 'plain'), 'Q'); // caps lock
    expect(handlers.qualified).toHaveBeenCalledTimes(2);
    expect(handlers.rangeStart).toHaveBeenCalledTimes(1);
    expect(handlers.deleteAnnotation).toHaveBeenCalledTimes(1);
    expect(handlers.save).toHaveBeenCalledTimes(1);
  });

  it('ignore keys typed into inputs, text areas and editable text', async () => {
    const handlers = { qualified: vi.fn(), unqualified: vi.fn(), deleteAnnotation: vi.fn(), save: vi.fn(), rangeEnd: vi.fn() };
    const container = await rendered(<Keys handlers={handlers} />);
    for (const field of ['text', 'area', 'editable']) {
      const event = press(element(container, field), 'q');
      press(element(container, field), 'u');
      press(element(container, field), 'Backspace');
      press(element(container, field), 'Enter');
      press(element(container, field), ']');
      expect(event.defaultPrevented).toBe(false);
    }
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('still work from a check box, which keeps the focus after a click but takes no text', async () => {
    const handlers = { deleteAnnotation: vi.fn() };
    const container = await rendered(<Keys handlers={handlers} />);
    press(element(container, 'check'), 'Delete');
    expect(handlers.deleteAnnotation).toHaveBeenCalledTimes(1);
  });

  it('leave Enter on a button to the button, and keys with a modifier to the browser', async () => {
    const handlers = { save: vi.fn(), nextItem: vi.fn() };
    const container = await rendered(<Keys handlers={handlers} />);
    press(element(container, 'button'), 'Enter');
    press(element(container, 'plain'), 'j', { ctrlKey: true });
    press(element(container, 'plain'), 'j', { metaKey: true });
    expect(handlers.save).not.toHaveBeenCalled();
    expect(handlers.nextItem).not.toHaveBeenCalled();
    press(element(container, 'button'), 'j');
    expect(handlers.nextItem).toHaveBeenCalledTimes(1);
  });

  it('do nothing while disabled (a dialog has the keys), nor for a key without an action', async () => {
    const handlers = { qualified: vi.fn() };
    const container = await rendered(<Keys handlers={handlers} enabled={false} />);
    press(element(container, 'plain'), 'q');
    expect(handlers.qualified).not.toHaveBeenCalled();
    expect(press(element(container, 'plain'), 'x').defaultPrevented).toBe(false);
  });

  it('tell typing apart by where the key lands', () => {
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const inside = dialog.appendChild(document.createElement('button'));
    expect(isTyping(inside)).toBe(true);
    expect(isTyping(document.body)).toBe(false);
    expect(isTyping(null)).toBe(false);
    dialog.remove();
  });
});
