import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountDirectory } from '../../hooks/use-account-directory';
import type { CellSpec } from '../../schemas/view';
import { CopyButton } from './copy-button';
import { formatBytes, formatDateTime, formatDuration, formatMoney, formatNumber } from './format';
import { lazy, Suspense, type ReactNode } from 'react';

const EMPTY = '-';

/** Loaded with the first reference shown: it needs the entity declarations, which plain lists do without. */
const ReferenceTitle = lazy(() => import('./reference-title'));

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

/** One value drawn by its widget (spec §9 formats), in the current language; a reference by the title the record carries. */
export function Cell({ spec, value, title }: { spec: CellSpec; value: unknown; title?: string }): ReactNode {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return EMPTY;
  switch (spec.widget) {
    case 'datetime':
      return formatDateTime(String(value));
    case 'number':
      return formatNumber(Number(value), spec.precision ?? 2);
    case 'money':
      return formatMoney(Number(value));
    case 'bytes':
      return formatBytes(Number(value));
    case 'duration':
      return formatDuration(Number(value), t('common:durationUnits', { returnObjects: true }) as [string, string, string, string]);
    case 'enum': {
      const option = spec.options?.find((item) => item.value === value);
      return <Tag color={option?.color}>{option ? t(option.label) : String(value)}</Tag>;
    }
    case 'tags':
      return (value as string[]).map((tag) => <Tag key={tag}>{tag}</Tag>);
    case 'boolean':
      return t(value ? 'common:yes' : 'common:no');
    case 'quota': {
      const quota = value as { limited: boolean; amount: number | null };
      return quota.limited ? formatBytes(quota.amount ?? 0) : t('tenant:quota.unlimited');
    }
    case 'rating':
      return <span aria-label={String(value)}>{'★'.repeat(Number(value)).padEnd(5, '☆')}</span>;
    case 'reference':
      return (
        <Suspense fallback={title ?? `#${String(value)}`}>
          <ReferenceTitle entity={spec.reference!} id={Number(value)} title={title} />
        </Suspense>
      );
    case 'json':
    case 'keyValue':
      return <code className="edp-code">{String(value)}</code>;
    case 'roles':
      return <RoleTags value={String(value)} />;
    case 'account':
      return <AccountName value={String(value)} />;
    default:
      return String(value);
  }
}

export function renderCell(spec: CellSpec, value: unknown, title?: string): ReactNode {
  const shown = <Cell spec={spec} value={value} title={title} />;
  return spec.copyable && value ? (
    <span>
      {shown}
      <CopyButton text={String(value)} />
    </span>
  ) : (
    shown
  );
}
