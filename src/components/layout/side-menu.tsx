import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../hooks/use-session';
import { matchEntry, menuTree, sectionEntries, type MenuNode } from '../../resources/index';
import { iconOf } from './icons';

type Item = Required<MenuProps>['items'][number];

/** Spec §2: the permitted children of the current section; hidden items and empty groups dropped. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { permissions } = useSession();
  const match = matchEntry(pathname);
  const section = sectionEntries.find((entry) => entry.section === match?.entry.section);
  if (!section || !match) return null;

  const toItem = ({ entry, children }: MenuNode): Item =>
    children.length
      ? { key: entry.fullPath, icon: iconOf(entry.icon), label: t(entry.label), children: children.map(toItem) }
      : { key: entry.fullPath, icon: iconOf(entry.icon), label: t(entry.label) };
  const selected = match.entry.activeMenu ?? match.entry.fullPath;
  const ancestors: string[] = [];
  for (let parent = matchEntry(selected)?.entry.parent; parent; parent = parent.parent) ancestors.push(parent.fullPath);

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={[selected]}
      defaultOpenKeys={collapsed ? [] : ancestors}
      items={menuTree(section.entries, permissions).map(toItem)}
      onClick={({ key }) => navigate(key)}
      data-testid="side-menu"
    />
  );
}
