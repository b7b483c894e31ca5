import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import type { FieldView } from '../../../../../model/schemas/view';
import { referenceOf, useCellContext } from '../cells/cell-context';
import { renderCell } from '../cells/cells';

/**
 * Table columns generated from a schema's list view; pages never write column JSX. Made once per
 * change of the fields, the language or the account names, so a table re-renders only for its data.
 */
export function useColumns<T extends object>(fields: FieldView[]): TableColumnsType<T> {
  const context = useCellContext();
  return useMemo(
    () =>
      fields.map((field) => ({
        key: field.name,
        dataIndex: field.name,
        title: context.t(field.label),
        width: field.width,
        ellipsis: field.ellipsis,
        sorter: field.sortable ? true : undefined,
        // A reference comes with the title of what it points at, which the reader may not be able to open.
        render: (value: unknown, record: T) => renderCell(field, value, context, referenceOf(record, field.name)),
      })),
    [fields, context],
  );
}
