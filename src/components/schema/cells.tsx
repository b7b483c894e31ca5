import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDirectory } from '../../hooks/use-account-directory';
import type { FieldView, Widget } from '../../schemas/view';
import { CopyButton } from './copy-button';
import { formatDateTime } from './format';

function RoleTags({ value }: { value: string }) {
  const { t } = useTranslation();
  return value
    .split(',')
    .filter(Boolean)
    .map((role) => <Tag key={role}>{t(`roles:${role.trim()}`)}</Tag>);
}

/** An account code (creator, modifier, ...) shown by name, from the account lookup. */
function AccountName({ value }: { value: string }) {
  const account = useAccountDirectory().byCode.get(value);
  return <span title={value}>{account?.name ?? value}</span>;
}

const WIDGETS: Record<Widget, (value: unknown) => ReactNode> = {
  text: (value) => (value === null || value === undefined || value === '' ? '-' : String(value)),
  datetime: (value) => (value ? formatDateTime(String(value)) : '-'),
  roles: (value) => <RoleTags value={String(value ?? '')} />,
  account: (value) => (value ? <AccountName value={String(value)} /> : '-'),
};

export function renderCell(field: FieldView, value: unknown): ReactNode {
  const shown = WIDGETS[field.widget ?? 'text'](value);
  return field.copyable && value ? (
    <span>
      {shown}
      <CopyButton text={String(value)} />
    </span>
  ) : (
    shown
  );
}
