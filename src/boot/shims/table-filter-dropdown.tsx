import type { AnyObject } from 'antd/es/_util/type';
import type { ColumnFilterItem, FilterValue } from 'antd/es/table/interface';
import type { FilterDropdownProps } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import { lazy, Suspense } from 'react';

/**
 * What antd's table imports as its column filter dropdown (scripts/vite-plugins.ts points it here).
 * The console filters its lists with forms above them, so no column declares `filters` today; the
 * dropdown (with a tree, a menu and a search box of its own, ~10 kB gzip) then loads with the first
 * column that does, its title shown meanwhile, instead of with every table. The build brings the
 * stylesheet of its tree and radio buttons with it (scripts/antd-static-style.ts).
 */
const FilterDropdown = lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

export default function FilterDropdownOnDemand<RecordType extends AnyObject = AnyObject>(props: FilterDropdownProps<RecordType>) {
  return (
    <Suspense fallback={props.children}>
      <FilterDropdown {...(props as FilterDropdownProps)} />
    </Suspense>
  );
}

/** As antd's own (used without the dropdown, to read a column's filters). */
export function flattenKeys(filters?: ColumnFilterItem[]): FilterValue {
  let keys: FilterValue = [];
  for (const { value, children } of filters ?? []) {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  }
  return keys;
}
