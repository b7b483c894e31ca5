import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startRoute } from '../../app/route-data';
import type { RouteEntry } from '../../resources/types';

/** The tab bar of a group of sibling pages (`tabs` in the resources): each tab is a route of its own, so a tab is a link. */
export function RouteTabs({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!entry.tabGroup) return null;
  return (
    <Tabs
      activeKey={entry.fullPath}
      onChange={(path) => navigate(path)}
      items={entry.tabGroup.map((tab) => ({ key: tab.fullPath, label: <span onMouseEnter={() => startRoute(tab.fullPath)}>{t(tab.label)}</span> }))}
      style={{ marginBottom: 8 }}
    />
  );
}
