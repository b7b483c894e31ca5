import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startRoute } from '../../../../boot/route-data';
import type { RouteEntry } from '../../../../../model/resources/types';
import './route-tabs.css';

/**
 * The tab bar of a group of sibling pages (`tabs` in the resources): each tab is a route of its own,
 * so a tab is a link. A strip of links rather than antd's Tabs: those measure every tab after each
 * commit, forcing a layout of the whole page with its table rows, about half a second per list load
 * on a 2-core machine.
 */
export function RouteTabs({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation();
  if (!entry.tabGroup) return null;
  return (
    <div role="tablist" className="edp-route-tabs">
      {entry.tabGroup.map((tab) => {
        const active = tab.fullPath === entry.fullPath;
        return (
          <Link
            key={tab.fullPath}
            to={tab.fullPath}
            role="tab"
            aria-selected={active}
            className={active ? 'edp-route-tab edp-route-tab-active' : 'edp-route-tab'}
            onMouseEnter={() => startRoute(tab.fullPath)}
          >
            {t(tab.label)}
          </Link>
        );
      })}
    </div>
  );
}
