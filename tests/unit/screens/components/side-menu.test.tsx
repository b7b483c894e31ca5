import { act } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LayoutContext, type LayoutControls } from '../../../../src/screens/components/layout/layout-context';
import { SideMenu } from '../../../../src/screens/components/layout/side-menu';
import { i18n, loadNamespaces } from '../../../../src/providers/i18n';
import { currentPermissions } from '../../../../src/providers/permissions';
import { sessionStore } from '../../../../src/providers/session-store';
import { entryByPath, menuTree, type MenuNode } from '../../../../model/resources/index';
import { accountOf, tenantOf } from '../../fixtures';
import { mountedRoot } from '../../mounted-root';
import { browserShims } from '../pages/instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
browserShims();

// The menu asks for one icon per item each time it draws: counting them counts its renders.
const drawn = vi.hoisted(() => ({ icons: 0 }));
vi.mock('../../../../src/screens/components/layout/icons', async (real) => {
  const icons = await real<typeof import('../../../../src/screens/components/layout/icons')>();
  return { ...icons, iconOf: (...args: Parameters<typeof icons.iconOf>) => (drawn.icons++, icons.iconOf(...args)) };
});

const navigated: string[] = [];
const controls: LayoutControls = {
  refreshKey: 0,
  refresh: () => {},
  fullscreenTarget: { current: null },
  openSettings: () => {},
  navigate: (to) => void navigated.push(to),
};

/** The menu as the layout draws it at this path. */
const menuAt = (pathname: string) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={[pathname]}>
      <LayoutContext.Provider value={controls}>
        <SideMenu collapsed={false} pathname={pathname} />
      </LayoutContext.Provider>
    </MemoryRouter>
  </I18nextProvider>
);

describe('SideMenu', () => {
  it('opens the groups above the page and draws once on arrival when they are open already', async () => {
    await loadNamespaces(['menu']);
    sessionStore.save('token-1', accountOf('tenant_admin'), tenantOf());
    const { root, container } = mountedRoot();
    drawn.icons = 0;
    await act(() => root.render(menuAt('/data/lake/raw-data')));
    const open = [...container.querySelectorAll('.ant-menu-submenu-open > .ant-menu-submenu-title')].map((title) => title.textContent);
    expect(open).toEqual(['数据湖']);
    expect(container.querySelector('.ant-menu-item-selected')?.textContent).toBe('原始数据');
    const section = entryByPath.get('/data')!;
    const count = (nodes: MenuNode[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
    expect(drawn.icons).toBe(count(menuTree(section.entries, currentPermissions())));
  });

  it('is drawn again for another path, not when the layout is drawn again at the same one (a page turned), and navigates by the layout', async () => {
    await loadNamespaces(['menu']);
    sessionStore.save('token-1', accountOf('tenant_admin'), tenantOf());
    const { root, container } = mountedRoot();
    await act(() => root.render(menuAt('/data/lake/raw-data')));
    const once = drawn.icons;
    await act(() => root.render(menuAt('/data/lake/raw-data')));
    expect(drawn.icons).toBe(once);
    await act(() => root.render(menuAt('/data/lake/training-data')));
    expect(drawn.icons).toBeGreaterThan(once);
    expect(container.querySelector('.ant-menu-item-selected')?.textContent).toBe('训练数据');
    await act(() => (container.querySelector('.ant-menu-item:not(.ant-menu-item-selected)') as HTMLElement).click());
    expect(navigated).toHaveLength(1);
  });
});
