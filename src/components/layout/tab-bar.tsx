import { CloseOutlined, FullscreenExitOutlined, FullscreenOutlined, MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, Tooltip, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Spec §2 tab bar: fullscreen, refresh, close, close others, close all, close left, close right. */
export function TabBar() {
  const { t } = useTranslation();
  const { tabs, active, act, open } = useTabs();
  const { refresh, fullscreenTarget } = useLayoutControls();
  const { fullscreen, toggle } = useFullscreen(() => fullscreenTarget.current);

  const menuFor = (path: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('layout:tabs.refresh'), disabled: path !== active },
      ...CLOSE_ACTIONS.map((action) => ({ key: action, label: t(`layout:tabs.${action}`) })),
    ],
    onClick: ({ key }) => (key === 'refresh' ? refresh() : act(key as TabAction, path)),
  });

  return (
    <div className="edp-tab-bar" data-testid="tab-bar">
      <Tabs
        size="small"
        type="editable-card"
        hideAdd
        activeKey={active}
        onChange={(path) => open(tabs.find((tab) => tab.path === path)!)}
        onEdit={(path, action) => action === 'remove' && act('close', String(path))}
        items={tabs.map((tab) => ({
          key: tab.path,
          closeIcon: <CloseOutlined aria-label={t('layout:tabs.close')} />,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab.path)}>
              <span data-testid="page-tab">{[t(tab.label), ...(tab.view ? [t(`common:views.${tab.view}`)] : []), ...tab.params].join(' · ')}</span>
            </Dropdown>
          ),
        }))}
      />
      <div className="edp-tab-tools">
        <Tooltip title={t('layout:tabs.refresh')}>
          <Button type="text" icon={<ReloadOutlined />} onClick={refresh} aria-label={t('layout:tabs.refresh')} />
        </Tooltip>
        <Tooltip title={t(fullscreen ? 'layout:tabs.exitFullscreen' : 'layout:tabs.fullscreen')}>
          <Button
            type="text"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggle}
            aria-label={t('layout:tabs.fullscreen')}
          />
        </Tooltip>
        <Dropdown menu={menuFor(active)}>
          <Button type="text" icon={<MoreOutlined />} aria-label={t('layout:tabs.more')} />
        </Dropdown>
      </div>
    </div>
  );
}
