import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDirectory } from '../../../hooks/use-account-directory';
import type { SystemFields } from '../../../../../model/schemas/engine/entity';
import type { CellSpec } from '../../../../../model/schemas/view';
import { CopyButton } from './copy-button';
import { formatBytes, formatDateTime, formatDuration, formatMoney, formatNumber } from './format';
import { plainTag } from '../shared/plain-antd';
import ReferenceTitle from './reference-title';
import { useAntdHash } from '../shared/use-antd-hash';

const EMPTY = '-';

/** What drawing a value needs besides the value: the language's texts, the space's account names, antd's theme class. */
export interface CellContext {
  t: TFunction;
  accountName: (code: string) => string | undefined;
  hash: string;
}

/** One context for a whole table or page: its cells are plain functions of it, not components with hooks of their own. */
export function useCellContext(): CellContext {
  const { t } = useTranslation();
  const { byCode } = useAccountDirectory();
  const hash = useAntdHash();
  return useMemo(() => ({ t, accountName: (code: string) => byCode.get(code)?.name, hash }), [t, byCode, hash]);
}

/** What a record carries of the record a field of it references: its title, and what a link to it needs (server/engine/titles.ts). */
export interface ReferenceShown {
  title?: string;
  link?: Record<string, unknown>;
}

export const referenceOf = (record: object, field: string): ReferenceShown => {
  const { titles, links } = record as Pick<SystemFields, 'titles' | 'links'>;
  return { title: titles?.[field], link: links?.[field] };
};

/** One value drawn by its widget (spec §9 formats), in the current language; a reference by the title the record carries. */
export function cellContent(spec: CellSpec, value: unknown, { t, accountName, hash }: CellContext, reference?: ReferenceShown): ReactNode {
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
      return plainTag(hash, option ? t(option.label) : String(value), option?.color);
    }
    case 'tags':
      return (value as string[]).map((tag) => plainTag(hash, tag, undefined, tag));
    case 'boolean':
      return t(value ? 'common:yes' : 'common:no');
    case 'quota': {
      const quota = value as { limited: boolean; amount: number | null };
      return quota.limited ? formatBytes(quota.amount ?? 0) : t('tenant:quota.unlimited');
    }
    case 'rating':
      return <span aria-label={String(value)}>{'★'.repeat(Number(value)).padEnd(5, '☆')}</span>;
    case 'reference':
      return <ReferenceTitle entity={spec.reference!} id={Number(value)} {...reference} />;
    case 'json':
    case 'keyValue':
      return <code className="edp-code">{String(value)}</code>;
    case 'roles':
      return String(value)
        .split(',')
        .filter(Boolean)
        .map((role) => plainTag(hash, t(`roles:${role.trim()}`), undefined, role));
    case 'account': // an account code (creator, modifier, ...) shown by name
      return <span title={String(value)}>{accountName(String(value)) ?? String(value)}</span>;
    default:
      return String(value);
  }
}

/** A table cell: the value, and a copy button where the field is copyable. */
export function renderCell(spec: CellSpec, value: unknown, context: CellContext, reference?: ReferenceShown): ReactNode {
  const shown = cellContent(spec, value, context, reference);
  return spec.copyable && value ? (
    <span>
      {shown}
      <CopyButton text={String(value)} t={context.t} hash={context.hash} />
    </span>
  ) : (
    shown
  );
}

/** One value on a page of its own (a record's details, the personal centre). */
export function Cell({ spec, value, reference }: { spec: CellSpec; value: unknown; reference?: ReferenceShown }): ReactNode {
  return cellContent(spec, value, useCellContext(), reference);
}
