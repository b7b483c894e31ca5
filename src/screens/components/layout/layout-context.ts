import { createContext, useContext, type RefObject } from 'react';

/** What the tab bar and header share with the content area. */
export interface LayoutControls {
  /** Changing it remounts the current page (the tab bar's "refresh"). */
  refreshKey: number;
  refresh: () => void;
  /** What the tab bar's fullscreen shows: the tab bar itself and the page, so it can be left again. */
  fullscreenTarget: RefObject<HTMLDivElement | null>;
  openSettings: () => void;
  /**
   * The frame's navigate, the same function for the frame's life: react-router's useNavigate draws its
   * user again at every change of the address, a page turned or a filter set too.
   */
  navigate: (to: string) => void;
}

export const LayoutContext = createContext<LayoutControls | null>(null);

export function useLayoutControls(): LayoutControls {
  const controls = useContext(LayoutContext);
  if (!controls) throw new Error('useLayoutControls outside the layout');
  return controls;
}
