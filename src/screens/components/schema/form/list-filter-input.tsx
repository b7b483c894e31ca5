import type { CrudFilter } from '@refinedev/core';
import { Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { entityListEntry } from '../../../../../model/resources/index';
import { infoFields, type EntityInfo } from '../../../../../model/schemas/engine/info';
import type { FieldDecl, FilterSource } from '../../../../../model/schemas/engine/types';
import { entityByName } from '../../../../../model/schemas/index';
import { client } from '../../../../providers/http';
import { filterParams } from '../../../../providers/list-params';
import { useCatalogues } from '../../../hooks/use-catalogues';
import { draftOf, FilterControl, filtersOf, type Draft } from '../list/entity-filters';
import type { FormControl } from './cron-input';
import { useDebouncedValue } from './use-debounced-value';

type Params = Record<string, string | string[]>;

/** The saved text as the list's query keys (anything but an object of them reads as no filter: the server says what is wrong with it). */
function paramsOf(text: unknown): Params {
  try {
    const value: unknown = typeof text === 'string' && text.trim() ? JSON.parse(text) : {};
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};
  } catch {
    return {};
  }
}

/** Query keys as the list's filters (what filterParams writes, read back): the draft its controls show. */
function filtersFromParams(entity: EntityInfo, params: Params): CrudFilter[] {
  return Object.entries(params).flatMap(([key, raw]): CrudFilter[] => {
    const [name = '', end] = key.split('.');
    const field = entity.fields[name];
    const text = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (!field?.filter) return [];
    if (end === 'from' || end === 'to') return [{ field: name, operator: end === 'from' ? 'gte' : 'lte', value: text }];
    if (field.filter === 'oneOf') return [{ field: name, operator: 'in', value: text.split(',') }];
    if (field.widget === 'reference') return [{ field: name, operator: 'eq', value: Number(text) }];
    return [{ field: name, operator: field.filter === 'contains' ? 'contains' : 'eq', value: text }];
  });
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** How many records of the source's list the filter matches, within the form's values; undefined while unknown, null when it could not be counted. */
function useMatchCount(source: FilterSource | undefined, within: Record<string, unknown>, params: Record<string, string>) {
  const list = source && entityListEntry(source.entity);
  const request = useDebouncedValue(list ? JSON.stringify({ api: list.api, params: { ...within, ...params, pageSize: 1 } }) : '', 300);
  const [answer, setAnswer] = useState<{ request: string; total: number | null; capped: boolean }>();
  useEffect(() => {
    if (!request) return;
    const { api, params: query } = JSON.parse(request) as { api: string; params: Record<string, unknown> };
    const abort = new AbortController();
    // Left raw: a count that fails while a value is half typed is said here, not in a notification per keystroke.
    client.get<{ data: { total: number; totalCapped?: boolean } }>(`${api}/query`, { params: query, raw: true, signal: abort.signal }).then(
      ({ data }) => setAnswer({ request, total: data.data.total, capped: Boolean(data.data.totalCapped) }),
      () => !abort.signal.aborted && setAnswer({ request, total: null, capped: false }),
    );
    return () => abort.abort();
  }, [request]);
  return answer?.request === request ? answer : undefined;
}

interface ListFilterInputProps {
  id: string;
  field: FieldDecl;
  value: string;
  onChange: (value: string) => void;
  control: FormControl;
}

/**
 * A saved filter of another entity's list (an evaluation's items): that list's own filters, within the
 * records the form's other fields name (a version's members when it names one, else the dataset's
 * data), and how many records it matches as it is edited, against the field's bounds.
 */
export function ListFilterInput({ id, field, value, onChange, control }: ListFilterInputProps) {
  const { t } = useTranslation();
  const sources = useMemo(() => field.filterOf ?? [], [field.filterOf]);
  useCatalogues(['common', ...sources.map((source) => entityByName.get(source.entity)!.label.split(':')[0]!)]);
  const names = [...new Set(sources.flatMap((source) => Object.values(source.within)))];
  const values = useWatch({ control, name: names, disabled: names.length === 0 }) as unknown[] | undefined;
  const formValue = (name: string) => values?.[names.indexOf(name)];
  const source = sources.find((candidate) => Object.values(candidate.within).every((name) => filled(formValue(name))));
  const entity = entityByName.get((source ?? sources[0])?.entity ?? '');
  const within = source ? Object.fromEntries(Object.entries(source.within).map(([key, name]) => [key, formValue(name)])) : {};

  const draft = entity ? draftOf(filtersFromParams(entity, paramsOf(value))) : {};
  const set = (name: string, next: unknown) => {
    if (!entity) return;
    const params = filterParams(filtersOf(entity, { ...draft, [name]: next } as Draft));
    onChange(Object.keys(params).length ? JSON.stringify(params) : '');
  };
  const params = entity ? filterParams(filtersOf(entity, draft)) : {};
  const count = useMatchCount(source, within, params);

  // The filters of the list, but for those the form fixes (the dataset, the version).
  const fixed = new Set(sources.flatMap((candidate) => Object.keys(candidate.within)));
  const controls = entity ? infoFields(entity).filter(([name, info]) => info.filter && info.column !== 'none' && !fixed.has(name)) : [];
  const outside = count?.total != null && ((field.min !== undefined && count.total < field.min) || (field.max !== undefined && count.total > field.max));
  const shownCount = count?.capped ? `${count.total}+` : count?.total;
  const said = !source
    ? t('common:listFilter.needs')
    : count === undefined
      ? t('common:listFilter.counting')
      : count.total === null
        ? t('common:listFilter.failed')
        : outside
          ? t('common:listFilter.outside', { count: shownCount, min: field.min, max: field.max })
          : t(count.capped ? 'common:listFilter.matchesCapped' : 'common:listFilter.matches', { count: count.total });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap id={id} role="group">
        {controls.map(([name, info]) => (
          <FilterControl key={name} name={name} field={info} value={draft[name]} onChange={(next) => set(name, next)} />
        ))}
      </Space>
      <Typography.Text type={outside || count?.total === null ? 'danger' : 'secondary'} data-testid="list-filter-count" aria-live="polite">
        {said}
      </Typography.Text>
    </Space>
  );
}
