import { PlusOutlined } from '@ant-design/icons';
import { useTable, type CrudFilter } from '@refinedev/core';
import { Button, Table } from 'antd';
import { PagePanel } from '../../components/page/page-panel';
import { lazy, Suspense, use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/schema/list/filter-bar';
import { useColumns } from '../../components/schema/list/use-columns';
import { STICKY_END, WIDE_TABLE } from '../../components/schema/list/wide-table';
import { useSession } from '../../hooks/use-session';
import { LIST_PAGE_SIZE } from '../../../providers/list-params';
import type { AccountRecord } from '../../../../model/schemas/account';
import { accountListView } from '../../../../model/schemas/account-view';
import { loadEntityInfo } from '../../../providers/entity-info';
import { ACCOUNTS_RESOURCE } from './use-account-actions';
import { useAllowed } from '../../hooks/use-allowed';
import { DeferredSelect } from '../../components/inputs/deferred-select';

// Dialogs load when opened: the form engine and the validators stay out of the list's first load.
const CreateAccountModal = lazy(() => import('./create-account-modal'));
const ResetPasswordDialog = lazy(() => import('./reset-password-dialog'));

const FILTERS = [
  { name: 'code', label: 'account:fields.code' },
  { name: 'name', label: 'account:fields.name' },
];
const valuesOf = (filters: CrudFilter[]) =>
  Object.fromEntries(filters.flatMap((filter) => ('field' in filter ? [[filter.field, String(filter.value ?? '')]] : [])));

/** Spec §2 console/space/account: the tenant's accounts; tenant administrators create and reset. */
export default function AccountList() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const { tableQuery, result, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters } = useTable<AccountRecord>({
    resource: ACCOUNTS_RESOURCE,
    syncWithLocation: true,
    pagination: { pageSize: LIST_PAGE_SIZE }, // the size the early request of its first page asks (route-data.ts)
  });
  const canCreate = useAllowed(ACCOUNTS_RESOURCE, 'create');
  const canReset = useAllowed(ACCOUNTS_RESOURCE, 'resetPassword');
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<AccountRecord | null>(null);
  const info = use(loadEntityInfo('account'));
  const columns = useColumns<AccountRecord>(useMemo(() => accountListView(info), [info]));

  const actions = {
    key: 'actions',
    title: t('common:actions'),
    width: 120,
    className: STICKY_END,
    render: (_: unknown, account: AccountRecord) =>
      account.id === userInfo?.id ? null : (
        <Button type="link" size="small" onClick={() => setResetting(account)}>
          {t('account:actions.resetPassword')}
        </Button>
      ),
  };

  return (
    <PagePanel
      title={t('menu:console.space.account')}
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('account:actions.create')}
          </Button>
        )
      }
    >
      <FilterBar
        fields={FILTERS}
        values={valuesOf(filters)}
        onSearch={(values) =>
          setFilters(
            FILTERS.map(({ name }) => ({ field: name, operator: 'contains', value: values[name] })),
            'replace',
          )
        }
      />
      <Table<AccountRecord>
        rowKey="id"
        columns={canReset ? [...columns, actions] : columns}
        dataSource={result.data}
        loading={tableQuery.isFetching}
        {...WIDE_TABLE}
        pagination={{
          current: currentPage,
          pageSize,
          total: result.total,
          showSizeChanger: true,
          selectComponentClass: DeferredSelect, // plain until approached, as on the generated lists (entity-list-page.tsx)
          showTotal: (total) => t('common:total', { total }),
          onChange: (page, size) => {
            setCurrentPage(page);
            setPageSize(size);
          },
        }}
      />
      <Suspense>
        {creating && <CreateAccountModal onClose={() => setCreating(false)} />}
        {resetting && <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />}
      </Suspense>
    </PagePanel>
  );
}
