import { PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/core';
import { Button, Space, Table, type TableProps } from 'antd';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { recordPath } from '../../../../../model/resources/index';
import { listView } from '../../../../../model/schemas/engine/info';
import { TOTAL_CAP } from '../../../../../model/schemas/limits';
import { filterParams, LIST_PAGE_SIZE } from '../../../../providers/list-params';
import { DeferredSelect } from '../../inputs/deferred-select';
import { PagePanel } from '../../page/page-panel';
import { BulkBar } from '../actions/bulk-bar';
import { ColumnSettings } from './column-settings';
import { lazyLoaded } from '../../../../boot/lazy-loaded';
import { LIST_TOOLS, moduleLoader } from '../../../route-modules';
import { EntityFilters } from './entity-filters';
import { ExportButton } from './export-button';
import { plainSelectionCell } from '../shared/plain-antd';
import { RouteTabs } from './route-tabs';
import { REFRESH_INTERVALS, RefreshSelect, type RefreshInterval } from './refresh-select';
import { useAntdHash } from '../shared/use-antd-hash';
import { useColumnSettings } from './use-column-settings';
import { useEntityRoute } from '../shared/use-entity-route';
import { useFirstPage } from './use-first-page';
import { WIDE_TABLE } from './wide-table';
import { useListColumns } from './use-list-columns';
import { usePresetFilters } from '../shared/use-preset';
import { liveRefresh } from './live-refresh';
import './entity-pages.css';
import { useAllowed } from '../../../hooks/use-allowed';

type Row = Record<string, unknown> & { id: number };

/** The generated list of an entity: filters in the URL, sort, pages, columns, CSV, bulk actions, refresh. */
export default function EntityListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity, list, resource } = useEntityRoute();
  const [refresh, setRefresh] = useState<RefreshInterval>('manual');
  const [selected, setSelected] = useState<number[]>([]);
  const { hidden, setHidden } = useColumnSettings(entity.name);
  const view = useMemo(() => listView(entity), [entity]);
  const shown = useMemo(() => view.filter((column) => !hidden.includes(column.name)), [view, hidden]);
  const hash = useAntdHash();
  const canCreate = useAllowed(resource, 'create');
  const firstPage = useFirstPage(list, resource);
  const { tableQuery, result, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters, sorters, setSorters } = useTable<Row>({
    resource,
    syncWithLocation: true,
    pagination: { pageSize: LIST_PAGE_SIZE },
    filters: { permanent: usePresetFilters(list) },
    // No sorter means the entity's own order, which the server applies: the URL of a list opened from the menu says nothing else.
    queryOptions: { ...firstPage, refetchInterval: (query) => REFRESH_INTERVALS[refresh] || liveRefresh(entity, query.state.data?.data) },
  });
  const columns = useListColumns(list, entity, shown, sorters[0] ?? entity.sort);
  const renderCheckbox = useMemo(() => plainSelectionCell(hash), [hash]);
  // antd reports the sort in force with every change, a page turned too: taken then, the entity's own
  // order became an explicit sort, so a second request and a second address for one click.
  const onChange = useCallback<NonNullable<TableProps<Row>['onChange']>>(
    (_pagination, _filters, sorter, { action }) => {
      if (action !== 'sort') return;
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      setSorters(single?.order ? [{ field: String(single.field), order: single.order === 'ascend' ? 'asc' : 'desc' }] : []);
    },
    [setSorters],
  );
  // The parts below are the same elements until what they show changes: the address written after a
  // page turn (or the rows of a new page) drew the whole page again, every row and tool.
  const tools = useMemo(
    () => (
      <Space wrap>
        <RefreshSelect value={refresh} onChange={setRefresh} />
        <ExportButton api={list.api!} name={entity.name} filters={filters} sorters={sorters} />
        <ColumnSettings columns={view} hidden={hidden} onChange={setHidden} />
        {list.tools?.map((name, index) => {
          const Tool = lazyLoaded(moduleLoader(LIST_TOOLS, name));
          return (
            <Suspense key={index} fallback={null}>
              <Tool />
            </Suspense>
          );
        })}
        {canCreate && recordPath(list, 'create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(recordPath(list, 'create')!)}>
            {t('common:create')}
          </Button>
        )}
      </Space>
    ),
    [t, navigate, list, entity.name, view, hidden, setHidden, refresh, filters, sorters, canCreate],
  );
  const filterBar = useMemo(
    () => <EntityFilters entity={entity} fixed={Object.keys(list.preset ?? {})} filters={filters} onChange={(next) => setFilters(next, 'replace')} />,
    [entity, list, filters, setFilters],
  );
  const { data: rows, total, totalCapped } = result;
  const bulkFilters = useMemo(() => filterParams(filters), [filters]);
  const table = useMemo(
    () => (
      <Table<Row>
        rowKey="id"
        size="middle"
        dataSource={rows}
        loading={tableQuery.isFetching}
        {...WIDE_TABLE}
        onChange={onChange}
        showSorterTooltip={false} // its hint is each sortable header's title (use-list-columns.tsx)
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), renderCell: renderCheckbox }}
        columns={columns}
        pagination={{
          current: currentPage,
          pageSize,
          total,
          showSizeChanger: true,
          // Not drawn smaller on a phone; said so, antd's Pagination no longer draws itself twice as it mounts.
          responsive: false,
          // The page-size menu too is drawn plain until approached (deferred-select.tsx), through the prop antd's
          // Pagination keeps for its own Select's stand-in (it calls it unofficial; list-features.test.ts uses the menu).
          selectComponentClass: DeferredSelect,
          showTotal: (count) => (totalCapped ? t('common:totalCapped', { total: TOTAL_CAP.toLocaleString() }) : t('common:total', { total: count })),
          onChange: (page, size) => {
            setCurrentPage(page);
            setPageSize(size);
          },
        }}
      />
    ),
    [t, rows, total, totalCapped, tableQuery.isFetching, onChange, selected, renderCheckbox, columns, currentPage, pageSize, setCurrentPage, setPageSize],
  );

  return (
    <PagePanel title={t(list.label)} extra={tools}>
      <RouteTabs entry={list} />
      {filterBar}
      <BulkBar list={list} entity={entity} ids={selected} filters={bulkFilters} total={total ?? 0} onDone={() => setSelected([])} />
      {table}
    </PagePanel>
  );
}
