import { parseTableParams } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { niceMax } from '../../../../src/screens/components/charts/scale';
import { bucketsOf } from '../../../../src/screens/pages/dashboard/buckets';
import { dailyData } from '../../../../src/screens/pages/dashboard/daily-chart';
import { chinaToday, dayFilters, rangeOf, rawDataHref, valueFilter } from '../../../../src/screens/pages/dashboard/drill-down';

/** What the raw-data list makes of a drill-down link: Refine's own parser of `syncWithLocation` URLs. */
const filtersOf = (href: string) => parseTableParams(href.slice(href.indexOf('?'))).parsedFilters;

describe('drill-down links (dashboards → the raw-data list)', () => {
  it('turn days (China time) into a start-time range, both ends included', () => {
    expect(dayFilters({ from: '2026-10-01', to: '2026-10-02' })).toEqual([
      { field: 'bagStartTime', operator: 'gte', value: '2026-09-30T16:00:00.000Z' },
      { field: 'bagStartTime', operator: 'lte', value: '2026-10-02T15:59:59.999Z' },
    ]);
  });

  it("filter a value the way the list's filter form does: a choice by `in`, a text by `eq`, nothing for an empty value", () => {
    expect(valueFilter('qualityLabel', 'unqualified')).toEqual({ field: 'qualityLabel', operator: 'in', value: ['unqualified'] });
    expect(valueFilter('bagRegion', 'suzhou')).toEqual({ field: 'bagRegion', operator: 'in', value: ['suzhou'] });
    expect(valueFilter('robotType', 'ur5e')).toEqual({ field: 'robotType', operator: 'eq', value: 'ur5e' });
    expect(valueFilter('qualitySubLabel', 'Drop Error')).toEqual({ field: 'qualitySubLabel', operator: 'eq', value: 'Drop Error' });
    expect(valueFilter('robotType', '')).toBeUndefined();
  });

  it('lead to the raw-data list with the range and the value', () => {
    const href = rawDataHref({ from: '2026-10-01', to: '2026-10-01' }, 'robotType', 'unitree-g1')!;
    expect(href.startsWith('/data/lake/raw-data?')).toBe(true);
    expect(filtersOf(href)).toEqual([
      { field: 'bagStartTime', operator: 'gte', value: '2026-09-30T16:00:00.000Z' },
      { field: 'bagStartTime', operator: 'lte', value: '2026-10-01T15:59:59.999Z' },
      { field: 'robotType', operator: 'eq', value: 'unitree-g1' },
    ]);
    expect(rawDataHref(undefined, 'bagStatus', 'bad')).toBe('/data/lake/raw-data?filters[0][field]=bagStatus&filters[0][operator]=in&filters[0][value][0]=bad');
    expect(rawDataHref({ from: '2026-10-01', to: '2026-10-01' }, 'qualitySubLabel', '')).toBeUndefined();
  });
});

describe('the dashboards’ range', () => {
  it('is read from the URL when valid, else the last 30 days (China time)', () => {
    expect(chinaToday(new Date('2026-11-22T16:30:00Z'))).toBe('2026-11-23');
    const today = '2026-11-22';
    expect(rangeOf(new URLSearchParams('from=2026-01-01&to=2026-02-01'), today)).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    for (const bad of ['', 'from=2026-02-01&to=2026-01-01', 'from=2026-13-01&to=2026-14-01', 'from=x&to=2026-01-01', 'from=2000-01-01&to=2026-01-01'])
      expect(rangeOf(new URLSearchParams(bad), today)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('is drawn a bar a day, or a bar a month beyond 92 days', () => {
    const day = (date: string, count: number) => ({ day: date, count, sums: { bagSize: count * 10 } });
    expect(bucketsOf([day('2026-10-01', 1), day('2026-10-02', 2)])).toEqual([
      { key: '2026-10-01', from: '2026-10-01', to: '2026-10-01', count: 1, sums: { bagSize: 10 } },
      { key: '2026-10-02', from: '2026-10-02', to: '2026-10-02', count: 2, sums: { bagSize: 20 } },
    ]);
    const days = Array.from({ length: 100 }, (_, index) => day(new Date(Date.parse('2026-01-15') + index * 86_400_000).toISOString().slice(0, 10), 1));
    const months = bucketsOf(days);
    expect(months.map((month) => [month.key, month.from, month.to, month.count])).toEqual([
      ['2026-01', '2026-01-15', '2026-01-31', 17],
      ['2026-02', '2026-02-01', '2026-02-28', 28],
      ['2026-03', '2026-03-01', '2026-03-31', 31],
      ['2026-04', '2026-04-01', '2026-04-24', 24],
    ]);
    expect(months[0]!.sums.bagSize).toBe(170);
  });
});

describe('the daily chart’s data', () => {
  it('is a column a day of the chosen metric (durations in hours), with every metric for its tooltip and a link to its bags', () => {
    const report = {
      from: '2026-10-01',
      to: '2026-10-02',
      total: { count: 3, sums: { bagDuration: 9000, bagSize: 30 } },
      days: [
        { day: '2026-10-01', count: 1, sums: { bagDuration: 1800, bagSize: 10 } },
        { day: '2026-10-02', count: 2, sums: { bagDuration: 7200, bagSize: 20 } },
      ],
      by: {},
    };
    const hours = dailyData(report, 'bagDuration');
    expect(hours.map((datum) => [datum.label, datum.value, datum.figures, datum.caption])).toEqual([
      ['2026-10-01', 0.5, { count: 1, bagDuration: 1800, bagSize: 10 }, undefined],
      ['2026-10-02', 2, { count: 2, bagDuration: 7200, bagSize: 20 }, undefined],
    ]);
    expect(filtersOf(hours[1]!.href!)).toEqual(dayFilters({ from: '2026-10-02', to: '2026-10-02' }));
    expect(dailyData(report, 'count').map((datum) => datum.value)).toEqual([1, 2]);
  });

  it('names a month’s column by the days it covers', () => {
    const days = Array.from({ length: 100 }, (_, index) => ({
      day: new Date(Date.parse('2026-01-15') + index * 86_400_000).toISOString().slice(0, 10),
      count: 1,
      sums: {},
    }));
    const months = dailyData({ from: days[0]!.day, to: days.at(-1)!.day, total: { count: 100, sums: {} }, days, by: {} }, 'count');
    expect(months.map((datum) => [datum.label, datum.value, datum.caption])).toEqual([
      ['2026-01', 17, '2026-01-15 ~ 2026-01-31'],
      ['2026-02', 28, '2026-02-01 ~ 2026-02-28'],
      ['2026-03', 31, '2026-03-01 ~ 2026-03-31'],
      ['2026-04', 24, '2026-04-01 ~ 2026-04-24'],
    ]);
  });
});

describe('chart axes', () => {
  it('top at round values: powers of 10, or of 1024 for bytes', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3, { least: 4 })).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(1000)).toBe(1000);
    expect(niceMax(3.2 * 1024 ** 3, { base: 1024 })).toBe(4 * 1024 ** 3);
    expect(niceMax(900 * 1024 ** 2, { base: 1024 })).toBe(1000 * 1024 ** 2);
  });
});
