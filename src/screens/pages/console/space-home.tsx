import { useQuery } from '@tanstack/react-query';
import { Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../components/charts/stat-tiles';
import { PagePanel } from '../../components/page/page-panel';
import { Cell } from '../../components/schema/cells/cells';
import { formatNumber } from '../../components/schema/cells/format';
import { useSession } from '../../hooks/use-session';
import { api } from '../../../providers/http';
import type { SpaceOverview } from '../../../../model/schemas/space-stats';
import { QuickLinksPanel } from './quick-links-panel';
import '../dashboard/dashboard.css';
import { useCatalogues } from '../../hooks/use-catalogues';

const partOfDay = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['home'];

/** Spec §2 /console/space/home: a welcome, the space's figures and the user's quick links. */
export default function SpaceHome() {
  useCatalogues(catalogues); // its counts are named by their menu items
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { userInfo } = useSession();
  const overview = useQuery({ queryKey: ['space-overview'], queryFn: () => api.get<SpaceOverview>('/console/space/overview') });
  if (!userInfo) return null;

  return (
    <div className="edp-dash" data-testid="space-home">
      <PagePanel title={t('menu:console.space.home')}>
        <div style={{ fontSize: token.fontSizeHeading4, fontWeight: 600, color: token.colorTextHeading }}>
          {t(`home:greeting.${partOfDay(new Date().getHours())}`, { name: userInfo.name })}
        </div>
        <div style={{ marginTop: 8, color: token.colorTextSecondary }}>
          {t('home:welcome', { tenant: userInfo.tenant.name, code: userInfo.tenant.code })} {<Cell spec={{ widget: 'roles' }} value={userInfo.role} />}
        </div>
      </PagePanel>
      <PagePanel title={t('home:counts')}>
        {overview.data ? (
          <StatTiles
            testId="space-counts"
            stats={overview.data.counts.map((count) => ({
              key: count.name,
              label: t(count.label),
              value: `${formatNumber(count.count, 0)}${count.capped ? '+' : ''}`,
              href: count.path,
            }))}
          />
        ) : (
          <Spin />
        )}
      </PagePanel>
      <QuickLinksPanel />
    </div>
  );
}
