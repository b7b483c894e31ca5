/**
 * rc-util's scrollbar measurement (aliased in vite.config.ts), remembered per scrollbar style.
 *
 * rc-table measures its body's scrollbar in a layout effect at every mount, and antd's modals measure
 * the page's before locking its scroll. Each measurement appends an element to <body> and reads it
 * back, which forces a layout of the whole page: inside the commit of a list, about 300 ms of a cold
 * load. The answer depends only on what the original copies from the element (its scrollbar width
 * keyword, whether it is coloured, a ::-webkit-scrollbar size) and on the zoom, so it is measured once
 * for each such style, the page's at start, while the page is small; a table without a fixed header
 * is not measured at all (below).
 */
type Size = { width: number; height: number };

const sizes = new Map<string, Size>();

interface ScrollbarStyle {
  scrollbarWidth: string;
  /** Only whether a colour is set changes the scrollbar's kind; the colour itself never its size. */
  scrollbarColor: string;
  webkitWidth: string;
  webkitHeight: string;
}

const styleOf = (element: Element): ScrollbarStyle => {
  const style = getComputedStyle(element);
  const webkit = getComputedStyle(element, '::-webkit-scrollbar');
  const pixels = (value: string) => (parseInt(value, 10) ? value : '');
  return {
    scrollbarWidth: style.scrollbarWidth || 'auto',
    scrollbarColor: style.scrollbarColor === 'auto' || !style.scrollbarColor ? 'auto' : 'currentcolor transparent',
    webkitWidth: pixels(webkit.width),
    webkitHeight: pixels(webkit.height),
  };
};

/** rc-util's own measurement: a 100 × 100 scrolling box with the element's scrollbar style. */
function measure({ scrollbarWidth, scrollbarColor, webkitWidth, webkitHeight }: ScrollbarStyle): Size {
  const id = `edp-scrollbar-measure-${sizes.size}`;
  const probe = document.createElement('div');
  probe.id = id;
  Object.assign(probe.style, { position: 'absolute', left: '0', top: '0', width: '100px', height: '100px', overflow: 'scroll' });
  Object.assign(probe.style, { scrollbarWidth, scrollbarColor });
  const webkit = [webkitWidth && `width: ${webkitWidth};`, webkitHeight && `height: ${webkitHeight};`].filter(Boolean).join(' ');
  // the probe's ::-webkit-scrollbar size, which only a style rule can give it
  const rule = webkit
    ? document.head.appendChild(Object.assign(document.createElement('style'), { textContent: `#${id}::-webkit-scrollbar { ${webkit} }` }))
    : undefined;
  document.body.appendChild(probe);
  const size = { width: probe.offsetWidth - probe.clientWidth, height: probe.offsetHeight - probe.clientHeight };
  probe.remove();
  rule?.remove();
  return size;
}

function sizeFor(style: ScrollbarStyle): Size {
  const key = [devicePixelRatio, ...Object.values(style)].join('|');
  let size = sizes.get(key);
  if (!size) sizes.set(key, (size = measure(style)));
  return size;
}

const PLAIN: ScrollbarStyle = { scrollbarWidth: 'auto', scrollbarColor: 'auto', webkitWidth: '', webkitHeight: '' };

/**
 * rc-table measures, at mount, the content (or container) of a table without a fixed or sticky header:
 * every table of the console. Only a fixed header's body (`-table-body`) makes room for a scrollbar, so
 * that size is read by nothing; yet reading the element's style recalculated the page's styles inside a
 * list's commit, and the size, set from 0, drew the table a second time there.
 */
const isTableWithoutFixedHeader = (target: Element) => [...target.classList].some((name) => /-table-(content|container)$/.test(name));

export function getTargetScrollBarSize(target: HTMLElement): Size {
  if (typeof document === 'undefined' || !(target instanceof Element) || isTableWithoutFixedHeader(target)) return { width: 0, height: 0 };
  return sizeFor(styleOf(target));
}

export default function getScrollBarSize(fresh?: boolean): number {
  if (typeof document === 'undefined') return 0;
  if (fresh) sizes.clear();
  return sizeFor(PLAIN).width;
}

/** The page's scrollbar (a dialog's scroll lock reads it), measured before there is a page to lay out. */
export function measureCommonScrollbars() {
  if (typeof document === 'undefined' || !document.body) return;
  sizeFor(PLAIN);
}
