import { Menu, type MenuProps } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../hooks/use-session';
import { entryByPath, matchEntry, menuTree, type MenuNode } from '../../../../model/resources/index';
import { routeAddress, startRoute } from '../../../boot/route-data';
import { iconOf } from './icons';
import { useLayoutControls } from './layout-context';

type Item = Required<MenuProps>['items'][number];

/** The menu item a page lights up (its active-menu hint, spec §3) and the groups above it. */
function useSelection(pathname: string) {
  const entry = matchEntry(pathname)?.entry;
  const selected = entry?.activeMenu ?? entry?.fullPath ?? '';
  const ancestors: string[] = [];
  for (let parent = entryByPath.get(selected)?.parent; parent?.parent; parent = parent.parent) ancestors.push(parent.fullPath);
  return { section: entry ? entryByPath.get(`/${entry.section}`) : undefined, selected, ancestors };
}

/** `open` with `more` added, or `open` itself when it holds them all. */
const withAll = (open: string[], more: string[]) => (more.every((key) => open.includes(key)) ? open : [...new Set([...open, ...more])]);

/**
 * Spec §2: the permitted children of the current section; hidden items and empty groups dropped.
 * Drawn again when the path changes, not the query (a page turned, a filter set).
 */
export const SideMenu = memo(function SideMenu({ collapsed, pathname }: { collapsed: boolean; pathname: string }) {
  const { t } = useTranslation();
  const { navigate } = useLayoutControls();
  const { permissions } = useSession();
  const { section, selected, ancestors } = useSelection(pathname);
  const [openKeys, setOpenKeys] = useState(ancestors);
  const ancestry = ancestors.join(' ');
  // Arriving on a page (from a tab, a link) opens the groups above it; groups the user opened stay open.
  // The same list when nothing is added: a new one would draw the menu again at every mount.
  useEffect(() => setOpenKeys((open) => withAll(open, ancestry.split(' ').filter(Boolean))), [ancestry]);
  if (!section) return null;

  // Pointing at a page starts its code and its records (route-data.ts): a click then finds them on their way.
  const toItem = ({ entry, children }: MenuNode): Item =>
    children.length
      ? { key: entry.fullPath, icon: iconOf(entry.icon), label: t(entry.label), children: children.map(toItem) }
      : { key: entry.fullPath, icon: iconOf(entry.icon), label: t(entry.label), onMouseEnter: () => startRoute(entry.fullPath) };

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      // An item's tooltip (its title) is shown only while the menu is collapsed: open, each would be a popup trigger mounted for nothing.
      _internalDisableMenuItemTitleTooltip={!collapsed}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      items={menuTree(section.entries, permissions).map(toItem)}
      onClick={({ key }) => navigate(routeAddress(key))}
      data-testid="side-menu"
    />
  );
});
