/** An open page of the tab bar: its pathname, where it was last (with its query), and its label. */
export interface PageTab {
  path: string;
  to: string;
  label: string;
  /** For an entity's generated pages: which (show, create, edit). */
  view?: string;
  params: string[];
}

export type TabAction = 'close' | 'closeOthers' | 'closeAll' | 'closeLeft' | 'closeRight';

/** Applies a tab-bar action to `target`; returns the tabs left and where to go when the active tab closed. */
export function applyTabAction(tabs: PageTab[], action: TabAction, target: string, active: string): { tabs: PageTab[]; goTo?: string } {
  const index = tabs.findIndex((tab) => tab.path === target);
  const kept = (() => {
    switch (action) {
      case 'close':
        return tabs.filter((tab) => tab.path !== target);
      case 'closeOthers':
        return tabs.filter((tab) => tab.path === target);
      case 'closeAll':
        return [];
      case 'closeLeft':
        return index < 0 ? tabs : tabs.slice(index);
      case 'closeRight':
        return index < 0 ? tabs : tabs.slice(0, index + 1);
    }
  })();
  if (kept.some((tab) => tab.path === active)) return { tabs: kept };
  if (action !== 'close') return { tabs: kept, goTo: kept.find((tab) => tab.path === target)?.to ?? '/' };
  const neighbour = kept[Math.min(index, kept.length - 1)];
  return { tabs: kept, goTo: neighbour?.to ?? '/' };
}

/** Opens (or updates the query of) the tab of the current page. */
export function openTab(tabs: PageTab[], tab: PageTab): PageTab[] {
  const existing = tabs.findIndex((item) => item.path === tab.path);
  if (existing < 0) return [...tabs, tab];
  if (tabs[existing]!.to === tab.to) return tabs;
  return tabs.map((item, i) => (i === existing ? { ...item, to: tab.to } : item));
}
