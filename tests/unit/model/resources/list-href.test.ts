import { parseTableParams } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { listHref, paramsAsFilters } from '../../../../model/resources/list-href';
import { bag } from '../../../../model/schemas/bag';

/** What a list makes of a link to it: Refine's own parser of `syncWithLocation` URLs. */
const filtersOf = (href: string) => parseTableParams(href.slice(href.indexOf('?'))).parsedFilters;

describe('links to a filtered list', () => {
  it('carry the filters in the URL form the list reads, values encoded', () => {
    const href = listHref('/data/lake/raw-data', [
      { field: 'bagStatus', operator: 'in', value: ['bad'] },
      { field: 'qualitySubLabel', operator: 'eq', value: 'Drop Error & more' },
    ]);
    expect(href).toBe(
      '/data/lake/raw-data?filters[0][field]=bagStatus&filters[0][operator]=in&filters[0][value][0]=bad' +
        '&filters[1][field]=qualitySubLabel&filters[1][operator]=eq&filters[1][value]=Drop%20Error%20%26%20more',
    );
    expect(filtersOf(href)).toEqual([
      { field: 'bagStatus', operator: 'in', value: ['bad'] },
      { field: 'qualitySubLabel', operator: 'eq', value: 'Drop Error & more' },
    ]);
    expect(listHref('/data/lake/raw-data', [])).toBe('/data/lake/raw-data');
  });
});

describe('a saved filter (the API query form) opening its list', () => {
  const kinds = Object.fromEntries(Object.entries(bag.fields).map(([name, field]) => [name, field.filter]));

  it('becomes the list’s own filters, by how each field filters; a range end, a bound', () => {
    const filters = paramsAsFilters(kinds, {
      robotType: 'UR5e',
      bagName: 'grasp',
      qualityLabel: 'qualified,unchecked',
      'bagStartTime.from': '2026-11-01T00:00:00.000Z',
      nothing: 'ignored',
    });
    expect(filters).toEqual([
      { field: 'robotType', operator: 'eq', value: 'UR5e' },
      { field: 'bagName', operator: 'contains', value: 'grasp' },
      { field: 'qualityLabel', operator: 'in', value: ['qualified', 'unchecked'] },
      { field: 'bagStartTime', operator: 'gte', value: '2026-11-01T00:00:00.000Z' },
    ]);
    expect(filtersOf(listHref('/data/lake/raw-data', filters))).toEqual(filters);
  });
});
