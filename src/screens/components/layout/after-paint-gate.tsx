import type { ReactNode } from 'react';
import { useAfterPaint } from '../inputs/after-paint';

/**
 * `children` from a task after the shell's first frame was painted; `before` (nothing unless given)
 * in that frame. For the shell's menus and popup triggers: each sets its state as it mounts, which made
 * React draw again and run every effect of the page inside the first commit's task.
 */
export function AfterPaintGate({ children, before = null }: { children: ReactNode; before?: ReactNode }) {
  return useAfterPaint(true) ? children : before;
}
