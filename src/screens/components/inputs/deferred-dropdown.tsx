import { Dropdown, type DropdownProps } from 'antd';
import { useState, type ReactElement, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { useAfterPaint } from './after-paint';
import './deferred-dropdown.css';

type OpenChange = NonNullable<DropdownProps['onOpenChange']>;

/**
 * antd's Dropdown around `children`, made in a task after the first frame was painted, or at once when
 * the element is approached first (pointer over, pressed, right-clicked, focused), open if that is what
 * opens it. A Dropdown's popup trigger sets its state as it mounts, which made React draw again and run
 * every effect of the page inside the task of its first commit. Open or not, controlled
 * (`open`) or not, it then behaves as antd's.
 */
export function DeferredDropdown({ children, trigger = ['hover'], open, onOpenChange, ...props }: DropdownProps & { children: ReactElement }) {
  const painted = useAfterPaint(true);
  const [woken, setWoken] = useState(false);
  const [ownOpen, setOwnOpen] = useState(false);
  const change: OpenChange = (next, info) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next, info);
  };
  if (painted || woken)
    return (
      <Dropdown {...props} trigger={trigger} open={open ?? ownOpen} onOpenChange={change}>
        {children}
      </Dropdown>
    );
  const wake = (opens: boolean) => (event: SyntheticEvent) => {
    if (opens && event.type === 'contextmenu') event.preventDefault(); // the menu opens, not the browser's
    flushSync(() => setWoken(true)); // at once: what follows (a press, a leave) finds the Dropdown
    if (opens) change(true, { source: 'trigger' });
  };
  return (
    <span
      className="edp-deferred-dropdown"
      onPointerEnter={wake(trigger.includes('hover'))}
      onClick={wake(trigger.includes('click'))}
      onContextMenu={wake(trigger.includes('contextMenu'))}
      onFocus={wake(false)}
    >
      {children}
    </span>
  );
}
