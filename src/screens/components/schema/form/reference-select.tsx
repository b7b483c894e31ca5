import { useSelect } from '@refinedev/core';
import { useState } from 'react';
import { entityTitle } from '../../../../providers/entity-info';
import { DeferredSelect } from '../../inputs/deferred-select';
import { currentPermissions } from '../../../../providers/permissions';
import { canReadEntity, entityListEntry } from '../../../../../model/resources/index';

interface ReferenceSelectProps {
  entity: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeholder?: string;
  /** In a form: a Select once painted (DeferredSelect). */
  liveAfterPaint?: boolean;
  /** Only the records with these values are offered (an artifact ships only exports that succeeded). */
  offers?: Record<string, string>;
}

/**
 * Picks a record of another entity by its title, searching as one types. Its options are asked for
 * when it is first opened: a list's filters and a form hold several, mostly never opened.
 */
export function ReferenceSelect({ entity, value, onChange, id, placeholder, liveAfterPaint, offers }: ReferenceSelectProps) {
  const [opened, setOpened] = useState(false);
  const list = entityListEntry(entity);
  const title = entityTitle(entity);
  const { options, onSearch, query } = useSelect<Record<string, unknown>>({
    resource: list?.fullPath ?? '',
    optionLabel: (item) => String(item[title] ?? item.id),
    optionValue: 'id',
    defaultValue: value ?? undefined,
    filters: Object.entries(offers ?? {}).map(([field, wanted]) => ({ field, operator: 'eq' as const, value: wanted })),
    onSearch: (text) => (text ? [{ field: title, operator: 'contains', value: text }] : []),
    queryOptions: { enabled: opened && Boolean(list) && canReadEntity(entity, currentPermissions()) },
  });
  return (
    <DeferredSelect
      id={id}
      liveAfterPaint={liveAfterPaint}
      showSearch
      allowClear
      filterOption={false}
      placeholder={placeholder}
      loading={query.isFetching}
      value={value ?? undefined}
      onSearch={onSearch}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(next) => onChange?.(next ?? null)}
      options={options.map((option) => ({ label: String(option.label), value: Number(option.value) }))}
    />
  );
}
