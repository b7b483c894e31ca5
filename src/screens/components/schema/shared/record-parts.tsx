import { Suspense } from 'react';
import type { ModuleName } from '../../../../../model/resources/types';
import { lazyLoaded } from '../../../../boot/lazy-loaded';
import { moduleLoader, RECORD_PARTS } from '../../../route-modules';

/**
 * What a route adds to a record's row or show page (the route table's rowParts and showParts), each loaded when first shown.
 * A list of elements, not a component: an antd Space around the caller's buttons spaces each part as its own item.
 */
export function recordParts(parts: ModuleName[] = [], record: Record<string, unknown> & { id: number }) {
  return parts.map((name, index) => {
    const Part = lazyLoaded(moduleLoader(RECORD_PARTS, name));
    return (
      <Suspense key={index} fallback={null}>
        <Part record={record} />
      </Suspense>
    );
  });
}
