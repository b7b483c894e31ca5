import { useVirtualizer } from '@tanstack/react-virtual';
import { theme } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { logColors, LogRow } from './log-row';
import type { LogWindow, LogWindowState } from './use-log-window';
import './log-viewer.css';

/** Row height without wrapping (12px monospace on 20px lines); wrapped rows are measured. */
export const ROW_HEIGHT = 20;
/** Older lines are asked for when the view comes this close to the top. */
const NEAR_EDGE_PX = ROW_HEIGHT * 40;
/** A scroll this soon after the user's wheel, touch, key or pointer is theirs (not the follow's own). */
const USER_SCROLL_MS = 800;

interface LogViewerProps {
  window: LogWindow;
  state: LogWindowState;
  wrap: boolean;
  /** Marked in every line shown (the search's text). */
  query?: string;
  height?: CSSProperties['height'];
}

/**
 * The log's lines, virtualised: only the rows in view (and a few around) are in the DOM, whatever the
 * loaded count. Scrolling up unpins the view from the bottom; coming back to the bottom pins it again.
 * Near the top older lines are prepended with the view kept where it was (end anchoring keeps the
 * visible row in place); near the bottom of a window that left the newest line, newer ones are appended.
 */
export function LogViewer({ window: log, state, wrap, query, height = 'calc(100vh - 300px)' }: LogViewerProps) {
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const userAt = useRef(-Infinity);
  const lastTop = useRef(0);
  const { lines, following, focus, atLatest } = state;

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => lines.at(index)?.seq ?? -index,
    overscan: 20,
    anchorTo: 'end',
    scrollEndThreshold: ROW_HEIGHT,
  });

  // Pinned: every change of the lines ends at the newest one.
  useLayoutEffect(() => {
    if (following && lines.length) virtualizer.scrollToEnd();
  }, [following, lines, virtualizer]);

  // A search match, into the middle of the view: when asked (a new nonce), or once its region has come.
  const shown = useRef<number>(undefined);
  useLayoutEffect(() => {
    if (!focus || shown.current === focus.nonce) return;
    const index = lines.indexOfSeq(focus.seq);
    if (index < 0) return;
    shown.current = focus.nonce;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [focus, lines, virtualizer]);

  useEffect(() => virtualizer.measure(), [wrap, virtualizer]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    const byUser = performance.now() - userAt.current < USER_SCROLL_MS;
    // Up is always the reader's doing (following only ever scrolls down), as is anything right after their input.
    const movedUp = element.scrollTop < lastTop.current - 1;
    lastTop.current = element.scrollTop;
    if (fromBottom <= ROW_HEIGHT) {
      if (atLatest) log.setFollowing(true);
      else void log.loadNewer();
    } else {
      if (following && (byUser || movedUp)) log.setFollowing(false);
      if (!atLatest && fromBottom < NEAR_EDGE_PX) void log.loadNewer();
    }
    if (element.scrollTop < NEAR_EDGE_PX && (byUser || movedUp)) void log.loadOlder();
  }, [atLatest, following, log]);
  const userScrolls = () => (userAt.current = performance.now());

  const style = { height, ...logColors(token) };

  return (
    <div
      ref={scroller}
      className={`edp-log-view${wrap ? ' edp-log-wrap' : ''}`}
      style={style}
      onScroll={onScroll}
      onWheel={userScrolls}
      onTouchMove={userScrolls}
      onKeyDown={userScrolls}
      onPointerDown={userScrolls}
      tabIndex={0}
      role="log"
      aria-live="off"
      data-testid="log-viewer"
    >
      <div className="edp-log-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines.at(item.index);
          return (
            line && (
              <LogRow
                key={item.key}
                index={item.index}
                rowRef={wrap ? virtualizer.measureElement : undefined}
                line={line}
                query={query}
                focused={focus?.seq === line.seq}
                start={item.start}
                height={wrap ? undefined : ROW_HEIGHT}
              />
            )
          );
        })}
      </div>
    </div>
  );
}
