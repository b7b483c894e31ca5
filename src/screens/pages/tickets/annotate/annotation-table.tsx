import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/schema/cells/format';
import type { Annotation, Label } from '../tickets-api';
import { labelName } from './work-rules';

interface AnnotationTableProps {
  annotations: readonly Annotation[];
  labels: ReadonlyMap<number, Label>;
  selectedId: number | null;
  editable: boolean;
  onSelect: (annotation: Annotation) => void;
  onEdit: (annotation: Annotation) => void;
  onDelete: (annotation: Annotation) => void;
}

/** The item's annotations in time order; a click picks one (for Delete), the assignee edits or deletes it. */
export function AnnotationTable({ annotations, labels, selectedId, editable, onSelect, onEdit, onDelete }: AnnotationTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Annotation> = [
    {
      key: 'startOffset',
      dataIndex: 'startOffset',
      title: t('annotation:fields.startOffset'),
      align: 'right',
      width: 110,
      render: (value: number) => formatNumber(value, 3),
    },
    {
      key: 'endOffset',
      dataIndex: 'endOffset',
      title: t('annotation:fields.endOffset'),
      align: 'right',
      width: 110,
      render: (value: number) => formatNumber(value, 3),
    },
    { key: 'labelId', title: t('annotation:fields.labelId'), width: 160, render: (_: unknown, annotation) => labelName(annotation, labels) },
    { key: 'subLabel', dataIndex: 'subLabel', title: t('annotation:fields.subLabel'), width: 140 },
    { key: 'description', dataIndex: 'description', title: t('annotation:fields.description'), ellipsis: true },
  ];
  if (editable)
    columns.push({
      key: 'actions',
      title: t('annotate:annotations.actions'),
      width: 110,
      render: (_: unknown, annotation) => (
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEdit(annotation)}
            aria-label={t('annotate:annotations.edit')}
            data-testid="annotation-edit"
          />
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onDelete(annotation)}
            aria-label={t('annotate:annotations.delete')}
            data-testid="annotation-delete"
          />
        </Space>
      ),
    });
  return (
    <Table<Annotation>
      data-testid="annotation-table"
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={annotations as Annotation[]}
      columns={columns}
      locale={{ emptyText: t('annotate:annotations.none') }}
      onRow={(annotation) => ({ onClick: () => onSelect(annotation), style: { cursor: 'pointer' } })}
      rowClassName={(annotation) => (annotation.id === selectedId ? 'ant-table-row-selected' : '')}
    />
  );
}
