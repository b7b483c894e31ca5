import type { CrudFilter } from '@refinedev/core';
import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import Input from 'antd/es/input/Input';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredSelect } from '../../inputs/deferred-select';
import { infoFields, type EntityInfo, type FieldInfo } from '../../../../../model/schemas/engine/info';
import { ReferenceSelect } from '../form/reference-select';

/** Range filters (a date picker, number inputs) load when one is first shown (range-filters.tsx). */
const DateRangeFilter = lazy(() => import('./range-filters').then(({ DateRangeFilter }) => ({ default: DateRangeFilter })));
const NumberRangeFilter = lazy(() => import('./range-filters').then(({ NumberRangeFilter }) => ({ default: NumberRangeFilter })));

export type Draft = Record<string, unknown>;
const empty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.every((item) => item === undefined || item === null));

/** The filters in force (from the URL) as the form's values. */
export function draftOf(filters: CrudFilter[]): Draft {
  const draft: Draft = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    if (filter.operator === 'gte' || filter.operator === 'lte') {
      const range = (draft[filter.field] as unknown[]) ?? [undefined, undefined];
      range[filter.operator === 'gte' ? 0 : 1] = filter.value;
      draft[filter.field] = range;
    } else draft[filter.field] = filter.value;
  }
  return draft;
}

/** The form's values as Refine filters, by each field's declared filter kind. */
export function filtersOf(entity: EntityInfo, draft: Draft): CrudFilter[] {
  return infoFields(entity).flatMap(([name, field]): CrudFilter[] => {
    const value = draft[name];
    if (!field.filter || empty(value)) return [];
    if (field.filter === 'range') {
      const [from, to] = value as [unknown, unknown];
      return [
        ...(empty(from) ? [] : [{ field: name, operator: 'gte' as const, value: from }]),
        ...(empty(to) ? [] : [{ field: name, operator: 'lte' as const, value: to }]),
      ];
    }
    const operator = field.filter === 'contains' ? 'contains' : field.filter === 'equals' ? 'eq' : 'in';
    return [{ field: name, operator, value }];
  });
}

/** The control one declared filter is set with (a list's filter bar, a saved filter on a form). */
export function FilterControl({ name, field, value, onChange }: { name: string; field: FieldInfo; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const label = t(field.label);
  const common = { id: `filter-${name}`, 'aria-label': label, placeholder: label, style: { width: 220 } };
  if (field.widget === 'enum' || field.widget === 'boolean') {
    const options =
      field.widget === 'boolean'
        ? [
            { value: 'true', label: t('common:yes') },
            { value: 'false', label: t('common:no') },
          ]
        : field.options!.map((option) => ({ value: option.value, label: t(option.label) }));
    return (
      <DeferredSelect
        {...common}
        allowClear
        mode={field.filter === 'oneOf' ? 'multiple' : undefined}
        maxTagCount="responsive"
        options={options}
        value={value ?? undefined}
        onChange={onChange}
      />
    );
  }
  if (field.widget === 'tags') return <DeferredSelect {...common} mode="tags" value={(value as string[]) ?? []} onChange={onChange} tokenSeparators={[',']} />;
  if (field.widget === 'reference')
    return <ReferenceSelect entity={field.reference!} id={common.id} placeholder={label} value={(value as number) ?? null} onChange={onChange} />;
  if (field.filter === 'range') {
    const Range = field.widget === 'datetime' ? DateRangeFilter : NumberRangeFilter;
    return (
      <Suspense fallback={<span className="edp-filter-pending" />}>
        <Range id={common.id} label={label} field={field} value={(value as [never?, never?]) ?? []} onChange={onChange} />
      </Suspense>
    );
  }
  return <Input {...common} allowClear value={(value as string) ?? ''} onChange={(event) => onChange(event.target.value)} />;
}

/** Filters shown before "more": the first declared ones, and any in force. */
const FIRST = 4;

/** The list's filter form, generated from the fields' declared filters; its state lives in the URL. */
export function EntityFilters({
  entity,
  fixed = [],
  filters,
  onChange,
}: {
  entity: EntityInfo;
  /** Fields the list view fixes (its preset): not offered. */
  fixed?: string[];
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [expanded, setExpanded] = useState(false);
  const all = infoFields(entity).filter(([name, field]) => field.filter && field.column !== 'none' && !fixed.includes(name));
  const fields = expanded ? all : all.filter(([name], index) => index < FIRST || !empty(draft[name]));
  if (!all.length) return null;
  return (
    <form
      role="search"
      className="edp-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(filtersOf(entity, draft));
      }}
    >
      {fields.map(([name, field]) => (
        <FilterControl key={name} name={name} field={field} value={draft[name]} onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))} />
      ))}
      <Space>
        {/* Each with an icon: a Button without one mounts a motion for its loading icon, which makes React draw again inside the list's first commit. */}
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('common:search')}
        </Button>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            setDraft({});
            onChange([]);
          }}
        >
          {t('common:reset')}
        </Button>
        {all.length > FIRST && (
          <Button
            type="link"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            iconPosition="end"
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
          >
            {t(expanded ? 'common:fewerFilters' : 'common:moreFilters')}
          </Button>
        )}
      </Space>
    </form>
  );
}
