import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldView } from '../../schemas/view';

/** Shows or hides a list's columns. */
export function ColumnSettings({ columns, hidden, onChange }: { columns: FieldView[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const { t } = useTranslation();
  const shown = columns.map((column) => column.name).filter((name) => !hidden.includes(name));
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
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
      <Button icon={<SettingOutlined />} aria-label={t('common:columns')} data-testid="column-settings" />
    </Popover>
  );
}
