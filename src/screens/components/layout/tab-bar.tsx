import { CloseOutlined, FullscreenExitOutlined, FullscreenOutlined, MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../hints/hover-tooltip';
import { DeferredDropdown } from '../inputs/deferred-dropdown';
import { useLayoutControls } from './layout-context';
import type { TabAction } from './tab-list';
import { useTabs } from './use-tabs';

const CLOSE_ACTIONS: TabAction[] = ['close', 'closeOthers', 'closeAll', 'closeLeft', 'closeRight'];

function useFullscreen(target: () => HTMLElement | null) {
  const [fullscreen, setFullscreen] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => (document.fullscreenElement ? document.exitFullscreen() : target()?.requestFullscreen())?.catch(() => undefined);
  return { fullscreen, toggle };
}

/** The "more" menu's key among the tab bar's menus (the others are keyed by their tab's path, which starts with /). */
const MORE_MENU = 'more';

/**
 * The tab bar's menus, controlled: at most one is open, every action and every navigation closes it,
 * and a closed one leaves the page at once (no leave animation, nothing kept rendered), so a menu is
 * either there and usable or gone.
 */
function useTabMenus(active: string) {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  useEffect(() => setOpenMenu(null), [active]);
  const menuOf = (key: string) => ({
    open: openMenu === key,
    // Another menu may have opened meanwhile: closing this one leaves that one open.
    onOpenChange: (open: boolean) => setOpenMenu((current) => (open ? key : current === key ? null : current)),
    transitionName: '',
    destroyOnHidden: true,
    rootClassName: 'edp-tab-menu',
  });
  return { menuOf, closeMenu: () => setOpenMenu(null) };
}

/** Spec §2 tab bar: fullscreen, refresh, close, close others, close all, close left, close right. (A light strip: antd's Tabs would weigh on every page.) */
export function TabBar() {
  const { t } = useTranslation();
  const { tabs, active, act, open } = useTabs();
  const { refresh, fullscreenTarget } = useLayoutControls();
  const { fullscreen, toggle } = useFullscreen(() => fullscreenTarget.current);
  const { menuOf, closeMenu } = useTabMenus(active);

  const menuFor = (path: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('layout:tabs.refresh'), disabled: path !== active },
      ...CLOSE_ACTIONS.map((action) => ({ key: action, label: t(`layout:tabs.${action}`) })),
    ],
    onClick: ({ key }) => {
      closeMenu(); // every action closes its menu first, whatever it does to the tabs
      if (key === 'refresh') refresh();
      else act(key as TabAction, path);
    },
  });

  return (
    <div className="edp-tab-bar" data-testid="tab-bar">
      <div role="tablist" className="edp-tabs">
        {tabs.map((tab) => (
          <DeferredDropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab.path)} {...menuOf(tab.path)}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={tab.path === active}
              className={`edp-tab${tab.path === active ? ' edp-tab-active' : ''}`}
              onClick={() => open(tab)}
              onKeyDown={(event) => event.key === 'Enter' && open(tab)}
            >
              <span data-testid="page-tab">{[t(tab.label), ...(tab.view ? [t(`common:views.${tab.view}`)] : []), ...tab.params].join(' · ')}</span>
              <button
                type="button"
                className="edp-tab-close"
                aria-label={t('layout:tabs.close')}
                onClick={(event) => {
                  event.stopPropagation();
                  act('close', tab.path);
                }}
              >
                <CloseOutlined />
              </button>
            </div>
          </DeferredDropdown>
        ))}
      </div>
      <div className="edp-tab-tools">
        <HoverTooltip title={t('layout:tabs.refresh')}>
          <Button type="text" icon={<ReloadOutlined />} onClick={refresh} aria-label={t('layout:tabs.refresh')} />
        </HoverTooltip>
        <HoverTooltip title={t(fullscreen ? 'layout:tabs.exitFullscreen' : 'layout:tabs.fullscreen')}>
          <Button
            type="text"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggle}
            aria-label={t('layout:tabs.fullscreen')}
          />
        </HoverTooltip>
        <DeferredDropdown menu={menuFor(active)} {...menuOf(MORE_MENU)}>
          <Button type="text" icon={<MoreOutlined />} aria-label={t('layout:tabs.more')} />
        </DeferredDropdown>
      </div>
    </div>
  );
}
