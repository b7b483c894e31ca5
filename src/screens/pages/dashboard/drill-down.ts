import { entityListEntry } from '../../../../model/resources/index';
import { bag } from '../../../../model/schemas/bag';
import type { FieldDecl } from '../../../../model/schemas/engine/types';
import { listHref, type ListFilter } from '../../../../model/resources/list-href';

/** A range of days (YYYY-MM-DD, China time, both ends included), as the totals API takes it. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
/** Days are China's (UTC+8 all year), as the rollup counts them. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The API refuses ranges over 10 years. */
const MAX_DAYS = 3660;

export const chinaToday = (now = new Date()) => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
export const daysIn = ({ from, to }: DayRange) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
const isDay = (value: string | null): value is string => !!value && DAY.test(value) && !Number.isNaN(Date.parse(value));

/** The range in the page's URL (`from`, `to`) when it is a valid one, else the last `days` days. */
export function rangeOf(params: URLSearchParams, today = chinaToday(), days = 30): DayRange {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to && daysIn({ from, to }) <= MAX_DAYS) return { from, to };
  return { from: addDays(today, 1 - days), to: today };
}

/** Bags recorded within the days: start time from the first day's 00:00 to the last day's end, China time. */
export const dayFilters = ({ from, to }: DayRange): ListFilter[] => [
  { field: 'bagStartTime', operator: 'gte', value: new Date(Date.parse(from) - CHINA_OFFSET_MS).toISOString() },
  { field: 'bagStartTime', operator: 'lte', value: new Date(Date.parse(to) + DAY_MS - CHINA_OFFSET_MS - 1).toISOString() },
];

/** The bag dimensions the dashboards break totals down by. */
export type BagDimension = 'robotType' | 'bagRegion' | 'bagStatus' | 'qualityLabel' | 'qualitySubLabel';

/**
 * Bags with this value: `in` for a field the list filters by a choice of values (status, quality,
 * region), `eq` for one it filters by equality (robot type, failure reason). None for an empty value,
 * which the list cannot filter by.
 */
export function valueFilter(field: BagDimension, value: string): ListFilter | undefined {
  if (value === '') return undefined;
  const declared = bag.fields[field] as FieldDecl;
  return declared.filter === 'oneOf' ? { field, operator: 'in', value: [value] } : { field, operator: 'eq', value };
}

/** The raw-data list showing the bags behind a figure: within a range of days, optionally of one value. */
export function rawDataHref(range: DayRange | undefined, field?: BagDimension, value?: string): string | undefined {
  const byValue = field === undefined ? undefined : valueFilter(field, value ?? '');
  if (field !== undefined && !byValue) return undefined;
  return listHref(entityListEntry('bag')!.fullPath, [...(range ? dayFilters(range) : []), ...(byValue ? [byValue] : [])]);
}
