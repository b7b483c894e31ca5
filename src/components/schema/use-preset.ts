import type { CrudFilter } from '@refinedev/core';
import { useMemo } from 'react';
import { sessionStore } from '../../providers/session-store';
import type { RouteEntry } from '../../resources/types';
import type { AnyEntity } from '../../schemas/engine/types';

/** A list view's fixed values (`preset`), with `$me` read as the signed-in account's code. */
export function presetValues(list: RouteEntry): Record<string, string> {
  const me = sessionStore.userInfo()?.code ?? '';
  return Object.fromEntries(Object.entries(list.preset ?? {}).map(([field, value]) => [field, value === '$me' ? me : value]));
}

/** The preset as a new record's values: a tag field carries the value as its one tag. */
export const presetRecord = (list: RouteEntry, entity: AnyEntity): Record<string, unknown> =>
  Object.fromEntries(Object.entries(presetValues(list)).map(([field, value]) => [field, entity.fields[field]?.widget === 'tags' ? [value] : value]));

/** The preset as filters the list always sends (tag fields match records carrying the value). */
export function usePresetFilters(list: RouteEntry): CrudFilter[] {
  return useMemo(() => Object.entries(presetValues(list)).map(([field, value]) => ({ field, operator: 'eq' as const, value })), [list]);
}
