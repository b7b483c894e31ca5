import { Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { TicketJobs } from './ticket-jobs';
import TicketProgress from './ticket-progress';

const TicketStatistics = lazy(() => import('./ticket-statistics'));

/** A ticket page's two tabs (the spec's detail and statistic): its jobs and what its people did, each tab in the address. */
export default function TicketWork({ record }: RecordProps) {
  useCatalogues(['ticket', 'ticketJob']);
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'statistic' ? 'statistic' : 'detail';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams((current) => ({ ...Object.fromEntries(current), tab: key }), { replace: true })}
      tabBarExtraContent={<TicketProgress record={record} />}
      items={[
        { key: 'detail', label: t('ticket:tabs.detail'), children: <TicketJobs record={record} /> },
        {
          key: 'statistic',
          label: t('ticket:tabs.statistic'),
          children: (
            <Suspense fallback={<Spin />}>
              <TicketStatistics ticketId={record.id} members={(record.operators as string[] | undefined) ?? []} />
            </Suspense>
          ),
        },
      ]}
      data-testid="ticket-work"
    />
  );
}
