import type { CrudFilter } from '@refinedev/core';
import { useMemo } from 'react';
import { presetValues } from '../../../../providers/list-params';
import type { RouteEntry } from '../../../../../model/resources/types';
import type { AnyEntity } from '../../../../../model/schemas/engine/types';

/** The preset as a new record's values: a tag field carries the value as its one tag. */
export const presetRecord = (list: RouteEntry, entity: AnyEntity): Record<string, unknown> =>
  Object.fromEntries(Object.entries(presetValues(list)).map(([field, value]) => [field, entity.fields[field]?.widget === 'tags' ? [value] : value]));

/** The preset as filters the list always sends (tag fields match records carrying the value). */
export function usePresetFilters(list: RouteEntry): CrudFilter[] {
  return useMemo(() => Object.entries(presetValues(list)).map(([field, value]) => ({ field, operator: 'eq' as const, value })), [list]);
}
