import { Tooltip } from 'antd';
import { useState, type ReactElement, type ReactNode } from 'react';
import './hover-tooltip.css';

/**
 * antd's Tooltip, made when the pointer first comes over its element: a Tooltip standing ready
 * mounts a popup trigger that measures its element and draws once more as the page is first drawn,
 * and lists have one per row. The wrapper takes no box of its own (display: contents)
 * and stays mounted, so it sees the pointer come and go whatever happens to the element inside.
 */
export function HoverTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [hovered, setHovered] = useState<boolean>();
  return (
    <span className="edp-hover-tooltip" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      {hovered === undefined ? (
        children
      ) : (
        <Tooltip title={title} open={hovered}>
          {children}
        </Tooltip>
      )}
    </span>
  );
}
