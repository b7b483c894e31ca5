import { Checkbox, Popover } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldView } from '../../../../../model/schemas/view';

export interface ColumnChooserProps {
  columns: FieldView[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}

/** The popup of a list's column settings (column-settings.tsx), open from the first click on. */
export default function ColumnChooser({ columns, hidden, onChange, children }: ColumnChooserProps & { children: ReactNode }) {
  const { t } = useTranslation();
  const shown = columns.map((column) => column.name).filter((name) => !hidden.includes(name));
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      defaultOpen
      title={t('common:columns')}
      content={
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          value={shown}
          options={columns.map((column) => ({ value: column.name, label: t(column.label) }))}
          onChange={(checked) => onChange(columns.map((column) => column.name).filter((name) => !checked.includes(name)))}
        />
      }
    >
      {children}
    </Popover>
  );
}
