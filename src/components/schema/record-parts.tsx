import { Suspense } from 'react';
import type { RecordPartLoader } from '../../resources/types';
import { lazyLoaded } from '../../app/lazy-loaded';

/**
 * What a route adds to a record's row or show page (src/resources: rowParts, showParts), each loaded when first shown.
 * A list of elements, not a component: an antd Space around the caller's buttons spaces each part as its own item.
 */
export function recordParts(parts: RecordPartLoader[] = [], record: Record<string, unknown> & { id: number }) {
  return parts.map((load, index) => {
    const Part = lazyLoaded(load);
    return (
      <Suspense key={index} fallback={null}>
        <Part record={record} />
      </Suspense>
    );
  });
}
