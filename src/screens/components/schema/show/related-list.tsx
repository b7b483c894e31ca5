import { useList } from '@refinedev/core';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityListEntry, recordPath } from '../../../../../model/resources/index';
import { listView } from '../../../../../model/schemas/engine/entity';
import type { AnyEntity } from '../../../../../model/schemas/engine/types';
import { useColumns } from '../list/use-columns';
import { useAllowed } from '../../../hooks/use-allowed';
import { RELATED_PAGE_SIZE, equalTo } from '../../../../providers/list-params';

/** How many of its list's columns a related list shows: enough for what sets its records apart (an export's server, status, progress). */
const RELATED_COLUMNS = 6;

/** The records of another entity that point at this one (a link back for every reference). */
export function RelatedList({ entity, field, id }: { entity: AnyEntity; field: string; id: number }) {
  const { t } = useTranslation();
  const list = entityListEntry(entity.name);
  const can = useAllowed(list?.fullPath ?? '', 'list');
  const { result, query } = useList<Record<string, unknown> & { id: number }>({
    resource: list?.fullPath ?? '',
    filters: equalTo(field, id),
    pagination: { pageSize: RELATED_PAGE_SIZE },
    queryOptions: { enabled: Boolean(can && list) },
  });
  // Its first columns, without the one pointing back (on this record's page, that is this record), and its state wherever it stands.
  const shown = listView(entity).filter((column) => column.name !== field);
  const state = shown.find((column) => column.name === entity.states?.field);
  const first = shown.filter((column) => column !== state).slice(0, state ? RELATED_COLUMNS - 1 : RELATED_COLUMNS);
  const columns = useColumns<Record<string, unknown> & { id: number }>(shown.filter((column) => column === state || first.includes(column)));
  if (!can || !list) return null;
  return (
    <section data-testid={`related-${entity.name}`}>
      <Typography.Title level={5}>
        <Link to={list.fullPath}>{t(list.label)}</Link>
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result.data}
        pagination={false}
        columns={[
          ...columns,
          {
            key: 'open',
            render: (_: unknown, record: Record<string, unknown> & { id: number }) => <Link to={recordPath(list, 'show', record)!}>{t('common:view')}</Link>,
          },
        ]}
      />
    </section>
  );
}
