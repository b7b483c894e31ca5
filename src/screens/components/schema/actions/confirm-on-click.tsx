import type { PopconfirmProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

/** Loaded with the first click that asks: a list's first load does without it. */
const Popconfirm = lazy(() => import('./confirm-popup'));

/**
 * A Popconfirm made on the first click, open at once: every row of a list has buttons that ask
 * first, and a Popconfirm standing ready on each of them cost every row its popup machinery.
 */
export function ConfirmOnClick({ children, ...props }: Omit<PopconfirmProps, 'children'> & { children: ReactElement<{ onClick?: () => void }> }) {
  const [asked, setAsked] = useState(false);
  if (!asked) return cloneElement(children, { onClick: () => setAsked(true) });
  return (
    <Suspense fallback={children}>
      <Popconfirm defaultOpen {...props}>
        {children}
      </Popconfirm>
    </Suspense>
  );
}
