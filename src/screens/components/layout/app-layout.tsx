import { useGetIdentity } from '@refinedev/core';
import { Layout, theme } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAccountDirectory } from '../../hooks/use-account-directory';
import { startPressedLink } from '../../../boot/pressed-link';
import { matchEntry } from '../../../../model/resources/index';
import { useSettings } from '../../../providers/settings';
import { ErrorBoundary } from '../error-boundary';
import { RouteProgress } from '../progress/route-progress';
import { TagStyles } from '../schema/cells/tag-styles';
import { LayoutContext } from './layout-context';
import { AfterPaintGate } from './after-paint-gate';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import './app-layout.css';

/** Opened rarely: its form controls load when it first opens. */
const SettingsDrawer = lazy(() => import('./settings-drawer'));
/** Shown only when a page breaks. */
const ErrorFallback = lazy(() => import('../../pages/errors/error-fallback'));

/**
 * Spec §4 session load: the current user is loaded again and stored; the account list is fetched once.
 * A component of its own that draws nothing: its queries settling re-render it, not the frame.
 */
function SessionLoad() {
  useGetIdentity();
  useAccountDirectory();
  return null;
}

function usePageTitle(pathname: string) {
  const { t } = useTranslation();
  const entry = matchEntry(pathname)?.entry;
  useEffect(() => {
    const view = entry?.view && entry.view !== 'list' ? ` · ${t(`common:views.${entry.view}`)}` : '';
    document.title = entry ? `${t(entry.label)}${view} - ${t('login:title')}` : t('login:title');
  }, [entry, t]);
}

/** The authenticated frame: top bar, side menu, tab bar and the page (spec §2 "Navigation"). */
export default function AppLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => void (latestNavigate.current = navigate), [navigate]);
  const settings = useSettings();
  const { token } = theme.useToken();
  const [refreshKey, setRefreshKey] = useState(0);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const fullscreenTarget = useRef<HTMLDivElement>(null);
  const controls = useMemo(
    () => ({
      refreshKey,
      refresh: () => setRefreshKey((key) => key + 1),
      fullscreenTarget,
      openSettings: () => setSettingsOpen(true),
      navigate: (to: string) => void latestNavigate.current(to),
    }),
    [refreshKey],
  );
  usePageTitle(pathname);
  const mini = settings.layout === 'mini';

  return (
    <LayoutContext.Provider value={controls}>
      <SessionLoad />
      <Layout className="edp-layout" data-layout={settings.layout} onPointerDown={startPressedLink}>
        <Layout.Header className="edp-header" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <TopBar section={matchEntry(pathname)?.entry.section} />
        </Layout.Header>
        <Layout>
          <Layout.Sider
            width={220}
            collapsedWidth={64}
            collapsed={mini}
            theme="light"
            className="edp-sider"
            style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
          >
            <AfterPaintGate>
              <SideMenu collapsed={mini} pathname={pathname} />
            </AfterPaintGate>
          </Layout.Sider>
          <div ref={fullscreenTarget} className="edp-main" style={{ background: token.colorBgLayout }}>
            <TagStyles />
            <TabBar />
            <div className="edp-content">
              <ErrorBoundary
                resetKeys={[pathname, refreshKey]}
                fallback={(error, reset) => (
                  <Suspense>
                    <ErrorFallback error={error} reset={reset} />
                  </Suspense>
                )}
              >
                <Suspense fallback={<RouteProgress />}>
                  <Outlet key={refreshKey} />
                </Suspense>
              </ErrorBoundary>
            </div>
          </div>
        </Layout>
        {settingsOpen && (
          <Suspense>
            <SettingsDrawer onClose={() => setSettingsOpen(false)} />
          </Suspense>
        )}
      </Layout>
    </LayoutContext.Provider>
  );
}
