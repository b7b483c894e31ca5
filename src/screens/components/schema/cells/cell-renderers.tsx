import type { ReactNode } from 'react';
import type { CellSpec, CellWidget } from '../../../../../model/schemas/view';
import { plainTag } from '../shared/plain-antd';
import type { CellContext, ReferenceShown } from './cell-context';
import { formatBytes, formatDateTime, formatDuration, formatMoney, formatNumber } from './format';
import ReferenceTitle from './reference-title';

/** Draws one value that is there (an empty one is '-' before any renderer is asked), in the current language. */
export type CellRenderer = (value: unknown, spec: CellSpec, context: CellContext, reference: ReferenceShown | undefined) => ReactNode;

/** One renderer per cell widget: a table missing one does not compile, so a new widget is drawn in every list and page. */
export type CellRegistry = Record<CellWidget, CellRenderer>;

const asText: CellRenderer = (value) => String(value);
const asCode: CellRenderer = (value) => <code className="edp-code">{String(value)}</code>;

/** A saved filter's text (JSON of keys and values) as `key = value` pairs, `*` for no filter; anything else as it is. */
function filterText(value: unknown): string {
  try {
    const pairs = Object.entries(JSON.parse(String(value)) as Record<string, unknown>).map(
      ([key, item]) => `${key} = ${Array.isArray(item) ? item.join(',') : String(item)}`,
    );
    return pairs.length ? pairs.join('; ') : '*';
  } catch {
    return String(value);
  }
}

/** How each widget shows a value in lists and on record pages (spec §9 formats). */
export const CELLS = {
  text: asText,
  textarea: asText,
  // A record's page shows code in Monaco (entity-show-page.tsx); a list cell is its text.
  code: asText,
  cron: asText,
  datetime: (value) => formatDateTime(String(value)),
  number: (value, spec) => formatNumber(Number(value), spec.precision ?? 2),
  money: (value) => formatMoney(Number(value)),
  bytes: (value) => formatBytes(Number(value)),
  duration: (value, _spec, { t }) => formatDuration(Number(value), t('common:durationUnits', { returnObjects: true }) as [string, string, string, string]),
  enum: (value, spec, { t, hash }) => {
    const option = spec.options?.find((item) => item.value === value);
    return plainTag(hash, option ? t(option.label) : String(value), option?.color);
  },
  tags: (value, _spec, { hash }) => (value as string[]).map((tag) => plainTag(hash, tag, undefined, tag)),
  boolean: (value, _spec, { t }) => t(value ? 'common:yes' : 'common:no'),
  quota: (value, _spec, { t }) => {
    const quota = value as { limited: boolean; amount: number | null };
    return quota.limited ? formatBytes(quota.amount ?? 0) : t('tenant:quota.unlimited');
  },
  rating: (value) => <span aria-label={String(value)}>{'★'.repeat(Number(value)).padEnd(5, '☆')}</span>,
  // By the title the record carries, a link where the reader may open it.
  reference: (value, spec, _context, reference) => <ReferenceTitle entity={spec.reference!} id={Number(value)} {...reference} />,
  json: asCode,
  keyValue: asCode,
  // A saved filter as its keys and values (robotSn = G1-A009), none for everything.
  listFilter: (value) => <code className="edp-code">{filterText(value)}</code>,
  roles: (value, _spec, { t, hash }) =>
    String(value)
      .split(',')
      .filter(Boolean)
      .map((role) => plainTag(hash, t(`roles:${role.trim()}`), undefined, role)),
  // An account code (creator, modifier, ...) shown by name.
  account: (value, _spec, { accountName }) => <span title={String(value)}>{accountName(String(value)) ?? String(value)}</span>,
} satisfies CellRegistry;
