import { Popconfirm, type PopconfirmProps } from 'antd';
import { cloneElement, useState, type ReactElement } from 'react';

/**
 * A Popconfirm made on the first click, open at once: every row of a list has buttons that ask
 * first, and a Popconfirm standing ready on each of them cost every row its popup machinery.
 */
export function ConfirmOnClick({ children, ...props }: Omit<PopconfirmProps, 'children'> & { children: ReactElement<{ onClick?: () => void }> }) {
  const [asked, setAsked] = useState(false);
  if (!asked) return cloneElement(children, { onClick: () => setAsked(true) });
  return (
    <Popconfirm defaultOpen {...props}>
      {children}
    </Popconfirm>
  );
}
