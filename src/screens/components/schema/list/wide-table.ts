import './wide-table.css';

/**
 * A table wider than its page scrolls sideways in its own box, its last column (a row's actions)
 * kept in view at the right edge. CSS does both. antd's `scroll.x` with a `fixed` column made
 * rc-table measure every column after the first paint and draw the whole body again, twice, then
 * toggle the wrapper's scroll-shadow classes, which restyles every cell.
 */
export const WIDE_TABLE = { className: 'edp-wide-table', tableLayout: 'auto' } as const;

/** The classes of the column kept in view: antd's own sticky cell (its background, layer, hover and edge), placed by wide-table.css. */
export const STICKY_END = 'ant-table-cell-fix-right ant-table-cell-fix-right-first edp-sticky-end';
