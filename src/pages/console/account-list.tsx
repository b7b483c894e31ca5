import { PlusOutlined } from '@ant-design/icons';
import { useCan, useTable } from '@refinedev/core';
import { Button, Card, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumns } from '../../components/schema/use-columns';
import { useSession } from '../../hooks/use-session';
import { accountListView, type AccountRecord } from '../../schemas/account';
import { CreateAccountModal } from './create-account-modal';
import { ResetPasswordResult } from './reset-password-result';
import { ACCOUNTS_RESOURCE, useResetPassword } from './use-account-actions';

const FILTERS = ['code', 'name'] as const;

/** Spec §2 console/space/account: the tenant's accounts; tenant administrators create and reset. */
export default function AccountList() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const { tableQuery, result, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters } = useTable<AccountRecord>({
    resource: ACCOUNTS_RESOURCE,
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const canCreate = useCan({ resource: ACCOUNTS_RESOURCE, action: 'create' }).data?.can;
  const canReset = useCan({ resource: ACCOUNTS_RESOURCE, action: 'resetPassword' }).data?.can;
  const [creating, setCreating] = useState(false);
  const [resetResult, setResetResult] = useState<{ name: string; password: string } | null>(null);
  const reset = useResetPassword();
  const columns = useColumns<AccountRecord>(accountListView);
  const initial = Object.fromEntries(filters.flatMap((filter) => ('field' in filter ? [[filter.field, filter.value]] : [])));

  const actions = {
    key: 'actions',
    title: t('common:actions'),
    width: 120,
    fixed: 'right' as const,
    render: (_: unknown, account: AccountRecord) =>
      account.id === userInfo?.id ? null : (
        <Popconfirm
          title={t('account:resetConfirm', { name: account.name })}
          onConfirm={() => reset.mutateAsync(account.id).then(({ password }) => setResetResult({ name: account.name, password }))}
          okText={t('common:ok')}
          cancelText={t('common:cancel')}
        >
          <Button type="link" size="small">
            {t('account:actions.resetPassword')}
          </Button>
        </Popconfirm>
      ),
  };

  return (
    <Card
      title={t('menu:console.space.account')}
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('account:actions.create')}
          </Button>
        )
      }
    >
      <Form
        layout="inline"
        initialValues={initial}
        onFinish={(values: Record<string, string | undefined>) => setFilters(FILTERS.map((field) => ({ field, operator: 'contains', value: values[field]?.trim() || undefined })), 'replace')}
        onReset={() => setFilters([], 'replace')}
        style={{ marginBottom: 16 }}
      >
        {FILTERS.map((field) => (
          <Form.Item key={field} name={field} label={t(`account:fields.${field}`)}>
            <Input allowClear />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('account:actions.search')}
          </Button>
          <Button htmlType="reset">{t('account:actions.reset')}</Button>
        </Space>
      </Form>
      <Table<AccountRecord>
        rowKey="id"
        columns={canReset ? [...columns, actions] : columns}
        dataSource={result.data}
        loading={tableQuery.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: currentPage,
          pageSize,
          total: result.total,
          showSizeChanger: true,
          showTotal: (total) => t('common:total', { total }),
          onChange: (page, size) => {
            setCurrentPage(page);
            setPageSize(size);
          },
        }}
      />
      <CreateAccountModal open={creating} onClose={() => setCreating(false)} />
      <ResetPasswordResult result={resetResult} onClose={() => setResetResult(null)} />
    </Card>
  );
}
