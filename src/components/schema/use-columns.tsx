import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldView } from '../../schemas/view';
import { renderCell } from './cells';

/** Table columns generated from a schema's list view; pages never write column JSX. */
export function useColumns<T extends object>(fields: FieldView[]): TableColumnsType<T> {
  const { t } = useTranslation();
  return fields.map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: t(field.label),
    width: field.width,
    ellipsis: field.ellipsis,
    sorter: field.sortable ? true : undefined,
    // A reference comes with the title of what it points at, which the reader may not be able to open.
    render: (value: unknown, record: T) => renderCell(field, value, (record as { titles?: Record<string, string> }).titles?.[field.name]),
  }));
}
