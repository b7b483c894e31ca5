import { Empty, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PagePanel } from '../../components/page/page-panel';
import { useCatalogues } from '../../hooks/use-catalogues';
import { useSession } from '../../hooks/use-session';
import { ItemList } from './annotate/item-list';
import { ItemWorkspace } from './annotate/item-workspace';
import { JobMove } from './annotate/job-move';
import { JobNotices } from './annotate/job-notices';
import { JobPicker } from './annotate/job-picker';
import { JobStateTag } from './annotate/job-state-tag';
import { ShortcutHelp } from './annotate/shortcut-help';
import { useAnnotateData } from './annotate/use-annotate-data';
import { useAnnotateWrites } from './annotate/use-annotate-writes';
import { idParam, neighbour } from './annotate/work-rules';

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['annotate', 'ticketJob', 'ticketItem', 'annotation', 'label'];

/**
 * /data/lake/rawDetail/{ticketId}: a ticket's labelling work, one job and one item at a time
 * (`?job=&item=` opens a given one). Its assignee marks ranges of each recording and judges it while
 * the job is open; anyone else, and everyone once it is submitted, sees it read-only (a manager
 * reviewing it).
 */
export default function AnnotatePage() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { ticketId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useSession().userInfo?.code ?? '';
  const ticket = idParam(ticketId) ?? 0;
  const data = useAnnotateData(ticket, { job: idParam(search.get('job')), item: idParam(search.get('item')) }, me);
  const writes = useAnnotateWrites(ticket, data.job, data.item);
  const open = (job: number, item?: number) => setSearch(item ? { job: String(job), item: String(item) } : { job: String(job) }, { replace: true });
  const step = (by: number) => {
    const next = neighbour(data.items, data.item?.id, by);
    if (data.job && next) open(data.job.id, next.id);
  };
  return (
    <PagePanel title={t('annotate:title', { ticketId })} extra={<ShortcutHelp />}>
      <div data-testid="annotate-page">
        {data.jobsLoading ? (
          <Spin />
        ) : !data.job ? (
          <Empty description={t('annotate:jobs.none')} />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Space wrap>
              <JobPicker jobs={data.jobs} job={data.job} me={me} onChange={(id) => open(id)} />
              <JobStateTag state={data.job.state} />
              <JobMove job={data.job} me={me} busy={writes.busy} onMove={(action) => void writes.move(action)} />
            </Space>
            <JobNotices job={data.job} me={me} />
            <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
              <aside style={{ width: 280, flex: 'none' }}>
                {data.itemsLoading ? <Spin /> : <ItemList items={data.items} selectedId={data.item?.id} onSelect={(id) => open(data.job!.id, id)} />}
              </aside>
              <div style={{ flex: 1, minWidth: 0 }}>
                {data.item && (
                  <ItemWorkspace
                    key={data.item.id}
                    item={data.item}
                    editable={data.editable}
                    recording={data.recording}
                    recordingFailed={data.recordingFailed}
                    annotations={data.annotations}
                    labels={data.labels}
                    writes={writes}
                    onStep={step}
                  />
                )}
              </div>
            </div>
          </Space>
        )}
      </div>
    </PagePanel>
  );
}
