import type { CrudSort } from '@refinedev/core';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../../../../model/resources/types';
import type { EntityInfo } from '../../../../../model/schemas/engine/info';
import type { FieldView } from '../../../../../model/schemas/view';
import { RecordActions } from '../actions/record-actions';
import { useAntdHash } from '../shared/use-antd-hash';
import { useColumns } from './use-columns';
import { useRowActions } from '../actions/use-row-actions';
import { STICKY_END } from './wide-table';

type Row = Record<string, unknown> & { id: number };

/** A list's columns: the shown fields, the sort in force on their headers, and each row's buttons last. */
export function useListColumns(list: RouteEntry, entity: EntityInfo, shown: FieldView[], sorter: CrudSort): TableColumnsType<Row> {
  const { t } = useTranslation();
  const columns = useColumns<Row>(shown);
  const actions = useRowActions(list, entity);
  const hash = useAntdHash();
  return useMemo(() => {
    const sortOrder = (key: unknown) => (sorter.field !== key ? null : sorter.order === 'asc' ? ('ascend' as const) : ('descend' as const));
    // What a click on the header does next, in the words of antd's sorter tooltip, in the header's own title
    // (the table has showSorterTooltip off: a tooltip per sortable header is a popup trigger each).
    const next = { ascend: t('common:sortDescending'), descend: t('common:sortCancel') };
    const sortable = (column: (typeof columns)[number]) => {
      const order = sortOrder(column.key);
      return { ...column, sortOrder: order, onHeaderCell: () => ({ title: order ? next[order] : t('common:sortAscending') }) };
    };
    return [
      ...columns.map((column) => (column.sorter ? sortable(column) : column)),
      {
        key: 'actions',
        title: t('common:actions'),
        className: STICKY_END,
        render: (_: unknown, record: Row) => <RecordActions list={list} entity={entity} record={record} actions={actions} t={t} hash={hash} />,
      },
    ];
  }, [columns, sorter.field, sorter.order, list, entity, actions, t, hash]);
}
