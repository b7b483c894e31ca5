import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isCatalogue, matchEntry } from '../../../../model/resources/index';
import { applyTabAction, openTab, type PageTab, type TabAction } from './tab-list';

/** Open tabs live as long as the browser tab (sessionStorage), like the pages they stand for. */
const STORAGE = 'edpTabs';
const read = (): PageTab[] => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE) ?? '[]') as PageTab[];
  } catch {
    return [];
  }
};

/** The tab bar's state: every page visited becomes a tab; actions close tabs and move on. */
export function useTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<PageTab[]>(read);

  useEffect(() => {
    const match = matchEntry(pathname);
    if (match && !isCatalogue(match.entry))
      setTabs((current) =>
        openTab(current, {
          path: pathname,
          to: pathname + search,
          label: match.entry.label,
          view: match.entry.view === 'list' ? undefined : match.entry.view,
          params: Object.values(match.params),
        }),
      );
  }, [pathname, search]);

  useEffect(() => sessionStorage.setItem(STORAGE, JSON.stringify(tabs)), [tabs]);

  const act = (action: TabAction, target = pathname) => {
    const result = applyTabAction(tabs, action, target, pathname);
    setTabs(result.tabs);
    if (result.goTo) navigate(result.goTo);
  };

  return { tabs, active: pathname, act, open: (tab: PageTab) => navigate(tab.to) };
}
